// "Remove Unit" / "Remove Role": the browser's confirm "Are you sure you want to delete this
// item?", "Deleting ..." while the call runs, and "Could not delete the Item" when it fails.
// A record changed since the list showed it asks again first (./useChangedDelete.ts).
import { useState } from 'react';
import { useRecordContext, useTranslate } from 'ra-core';
import { useListNotices } from './ListNotices';
import { useRemoveRecord } from './useRemoveRecord';
import { changedConflictOf, useChangedDelete } from './useChangedDelete';
import { useMayAct } from './useMayAct';
import { ROW_ICONS, RowButton } from './RowButton';

/** `label` is an i18n key. */
export function RemoveButton({ label }: { label: string }) {
  const translate = useTranslate();
  const record = useRecordContext();
  const remove = useRemoveRecord();
  const askAgain = useChangedDelete();
  const notices = useListNotices();
  const [busy, setBusy] = useState(false);
  const may = useMayAct('delete');
  if (!record || !may) return null;

  const onClick = async () => {
    if (!window.confirm(translate('olympus.lists.remove.confirm'))) return;
    setBusy(true);
    const notice = notices.notify('info', translate('olympus.lists.notice.deleting'));
    const failed = (error: unknown) => {
      console.error('delete failed', error);
      notices.update(notice, 'error', translate('olympus.lists.remove.failed'));
      setBusy(false);
    };
    let refused: unknown;
    try {
      await remove(record);
      notices.update(notice, 'success', translate('olympus.lists.notice.deleted'));
      return;
    } catch (error) {
      refused = error;
    }
    if (!changedConflictOf(refused)) return failed(refused);
    // Changed since the list showed it: asked again, with what changed.
    try {
      const again = await askAgain(record, refused);
      notices.update(
        notice,
        again === 'kept' ? 'info' : 'success',
        translate(again === 'kept' ? 'olympus.lists.remove.kept' : 'olympus.lists.notice.deleted'),
      );
      if (again === 'kept') setBusy(false);
    } catch (error) {
      failed(error);
    }
  };

  return <RowButton text={translate(label)} icon={ROW_ICONS.delete} color="error" onClick={onClick} disabled={busy} />;
}
