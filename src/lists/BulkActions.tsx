// Bulk changes on a declared resource's list (docs/resources.md "Bulk changes"): the buttons shown
// once rows are selected — "Delete selected" and "Update selected" — each only to those who hold the
// permission its action needs. Their dialogs (BulkDialogs.tsx) load when one first opens. The buttons
// read nothing of the list, so a keystroke or a new page of rows does not render them again.
import { lazy, memo, Suspense, useState, type ReactNode } from 'react';
import { Button, Checkbox, FormControlLabel, Stack } from '@mui/material';
import { useDataTableSelectedIdsContext, useListContext, useTranslate } from 'ra-core';
import { BulkActionsToolbar } from 'react-admin';
import { bulkActions } from '../../contract/bulk';
import type { ResourceDecl } from '../../contract/resources/declare';
import type { BulkDialog } from './BulkDialogs';
import { useMayAct } from './useMayAct';

export { BulkFailuresProvider, useBulkFailures } from './bulkFailures';

const BulkDialogs = lazy(() => import('./BulkDialogs'));

/** The bulk actions this user may use on `decl`'s list (none: no selection at all). */
export function useBulkAllowed(decl: ResourceDecl | undefined): { update: boolean; delete: boolean } {
  const mayUpdate = useMayAct('update');
  const mayDelete = useMayAct('delete');
  const offered = decl ? bulkActions(decl) : [];
  return { update: offered.includes('update') && mayUpdate, delete: offered.includes('delete') && mayDelete };
}

/** The buttons of the selection's toolbar (react-admin's DataTable `bulkActionButtons`, and the phone's bar). */
export function BulkButtons({ decl }: { decl: ResourceDecl }) {
  const translate = useTranslate();
  const allowed = useBulkAllowed(decl);
  const [open, setOpen] = useState<BulkDialog | null>(null);
  const [opened, setOpened] = useState(false);
  const show = (dialog: BulkDialog) => {
    setOpened(true);
    setOpen(dialog);
  };
  return (
    <>
      {allowed.update && (
        <Button variant="outlined" size="small" onClick={() => show('update')}>
          {translate('olympus.lists.bulk.update')}
        </Button>
      )}
      {allowed.delete && (
        // The toolbar's tinted background: the darker red keeps the text at WCAG AA contrast.
        <Button
          variant="outlined"
          color="error"
          size="small"
          sx={{ color: 'error.dark' }}
          onClick={() => show('delete')}
        >
          {translate('olympus.lists.bulk.delete')}
        </Button>
      )}
      {opened && (
        <Suspense fallback={null}>
          <BulkDialogs decl={decl} open={open} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </>
  );
}

/**
 * The table's selection toolbar (DataTable's `bulkActionsToolbar`): react-admin's, mounted from the first
 * selection on. Collapsed it shows nothing, but it reads the whole list and so rendered on every keystroke
 * and page of rows; until then this reads only the selection, which keeps its identity until it changes
 * (useScreenList). Once mounted it stays: a dialog it opened must outlive a page of rows that briefly holds
 * none of the selection (the whole list arriving after the first page, under load).
 */
export const SelectionToolbar = memo(function SelectionToolbar({ children }: { children: ReactNode }) {
  const selected = useDataTableSelectedIdsContext();
  const any = !!selected && selected.length > 0;
  const [mounted, setMounted] = useState(any);
  // Adjusting state while rendering (React's pattern for state derived from a changing input).
  if (any && !mounted) setMounted(true);
  return any || mounted ? <BulkActionsToolbar>{children}</BulkActionsToolbar> : null;
});

/** On a phone: "Select all on this page", and the toolbar while rows are selected. */
export function PhoneBulkBar({ decl }: { decl: ResourceDecl }) {
  const translate = useTranslate();
  const { selectedIds, data, onSelect, onUnselectItems } = useListContext();
  const ids = (data ?? []).map((r) => r.id);
  const all = ids.length > 0 && ids.every((id) => selectedIds.includes(id));
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ mb: 1.5, flexWrap: 'wrap', alignItems: 'center' }}
      role="toolbar"
      aria-label={translate('olympus.lists.bulk.toolbar')}
    >
      <FormControlLabel
        control={
          <Checkbox
            checked={all}
            indeterminate={!all && selectedIds.length > 0}
            onChange={() => (all ? onUnselectItems() : onSelect(ids))}
          />
        }
        label={translate('olympus.lists.bulk.select_page')}
      />
      {selectedIds.length > 0 && (
        <>
          <span aria-live="polite">
            {translate('olympus.lists.bulk.selected', { smart_count: selectedIds.length })}
          </span>
          <BulkButtons decl={decl} />
        </>
      )}
    </Stack>
  );
}
