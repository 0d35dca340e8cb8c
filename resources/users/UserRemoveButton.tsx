// "Remove User": asks "Are you sure?" in a dialog, then shows "Deleted!" or an "Error" dialog
// with the server's message; "Deleting ..." shows in the notices while the call runs. A user changed
// since the list showed them is asked about again first (src/lists/useChangedDelete.ts).
import { useState } from 'react';
import { useRecordContext, useTranslate } from 'ra-core';
import { errorText, ROW_ICONS, RowButton, useListDialogs, useListNotices, useRemoveRecord } from '../../src/lists';
import type { UserRecord } from './userRecord';
import { listKey } from '../../src/declared/texts';
import { changedConflictOf, useChangedDelete } from '../../src/lists/useChangedDelete';

export function UserRemoveButton() {
  const translate = useTranslate();
  const user = useRecordContext<UserRecord>();
  const dialogs = useListDialogs();
  const notices = useListNotices();
  const remove = useRemoveRecord();
  const askAgain = useChangedDelete();
  const [busy, setBusy] = useState(false);
  if (!user) return null;

  const onClick = async () => {
    const yes = await dialogs.confirm({
      tone: 'warning',
      title: translate('olympus.lists.users.confirm_title'),
      text: translate('olympus.lists.users.confirm_text'),
      confirmLabel: translate('olympus.lists.users.confirm_yes'),
      cancelLabel: translate('olympus.lists.users.confirm_no'),
    });
    if (!yes) return;
    setBusy(true);
    const notice = notices.notify('info', translate('olympus.lists.notice.deleting'));
    try {
      try {
        await remove(user);
      } catch (error) {
        if (!changedConflictOf(error)) throw error;
        notices.dismiss(notice);
        if ((await askAgain(user, error)) === 'kept') {
          setBusy(false);
          return;
        }
      }
      notices.dismiss(notice);
      await dialogs.alert({
        tone: 'success',
        title: translate('olympus.lists.users.deleted_title'),
        text: translate('olympus.lists.users.deleted_text'),
      });
    } catch (error) {
      notices.dismiss(notice);
      setBusy(false);
      await dialogs.alert({
        tone: 'error',
        title: translate('olympus.lists.users.error_title'),
        text: errorText(error, translate),
      });
    }
  };

  return (
    <RowButton
      text={translate(listKey('users', 'remove'))}
      icon={ROW_ICONS.delete}
      color="error"
      onClick={onClick}
      disabled={busy}
    />
  );
}
