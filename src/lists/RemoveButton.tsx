// SPEC §2 "Remove Unit" / "Remove Role": the browser's confirm "Are you sure you want to delete this
// item?", "Deleting ..." while the call runs, and "Could not delete the Item" when it fails (SPEC §8).
import { useState } from 'react';
import { Button } from '@mui/material';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import { useRecordContext, useTranslate } from 'ra-core';
import { useListNotices } from './ListNotices';
import { useRemoveRecord } from './useRemoveRecord';
import { useMayAct } from './useMayAct';

/** `label` is an i18n key. */
export function RemoveButton({ label }: { label: string }) {
  const translate = useTranslate();
  const record = useRecordContext();
  const remove = useRemoveRecord();
  const notices = useListNotices();
  const [busy, setBusy] = useState(false);
  const may = useMayAct('delete');
  if (!record || !may) return null;

  const onClick = async () => {
    if (!window.confirm(translate('olympus.lists.remove.confirm'))) return;
    setBusy(true);
    const notice = notices.notify('info', translate('olympus.lists.notice.deleting'));
    try {
      await remove(record);
      notices.update(notice, 'success', translate('olympus.lists.notice.deleted'));
    } catch (error) {
      console.error('delete failed', error);
      notices.update(notice, 'error', translate('olympus.lists.remove.failed'));
      setBusy(false);
    }
  };

  return (
    <Button size="small" color="error" startIcon={<DeleteOutline />} onClick={onClick} disabled={busy} sx={{ whiteSpace: 'nowrap' }}>
      {translate(label)}
    </Button>
  );
}
