// Bulk changes on a declared resource's list (docs/resources.md "Bulk changes"): the buttons shown
// once rows are selected — "Delete selected" (a confirmation naming the count) and "Update selected"
// (a bulk-editable field, a value of the form's input kind, "3 units will change") — each only to
// those who hold the permission its action needs. One POST /{name}/bulk, all or nothing: the list
// then says "12 units updated", or marks each refused row with its reason (useBulkFailures).
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { HttpError, useDataProvider, useGetList, useListContext, useTranslate, type Identifier } from 'ra-core';
import { bulkActions, bulkFields, type BulkRowFailure } from '../../contract/bulk';
import { DECLARED_RESOURCES } from '../../contract/resources';
import {
  catalogueKey,
  choiceLabel,
  hasTrash,
  type FieldDecl,
  type ResourceDecl,
} from '../../contract/resources/declare';
import { useListNotices } from './ListNotices';
import { useMayAct } from './useMayAct';
import { errorText } from './useRemoveRecord';

type BulkProvider = { bulk(resource: string, body: object): Promise<{ data: { message?: string } }> };

/** The refused rows of the last bulk change, by id: their reason, shown beside them. */
const FailuresContext = createContext<{
  failures: ReadonlyMap<Identifier, string>;
  setFailures: (f: ReadonlyMap<Identifier, string>) => void;
}>({
  failures: new Map(),
  setFailures: () => {},
});
export const useBulkFailures = () => useContext(FailuresContext).failures;

export function BulkFailuresProvider({ children }: { children: ReactNode }) {
  const [failures, setFailures] = useState<ReadonlyMap<Identifier, string>>(new Map());
  const value = useMemo(() => ({ failures, setFailures }), [failures]);
  return <FailuresContext.Provider value={value}>{children}</FailuresContext.Provider>;
}

/** The bulk actions this user may use on `decl`'s list (none: no selection at all). */
export function useBulkAllowed(decl: ResourceDecl | undefined): { update: boolean; delete: boolean } {
  const mayUpdate = useMayAct('update');
  const mayDelete = useMayAct('delete');
  const offered = decl ? bulkActions(decl) : [];
  return { update: offered.includes('update') && mayUpdate, delete: offered.includes('delete') && mayDelete };
}

/** "3 units": the declaration's noun, counted (the catalogue's `resources.{spa}.name`, lower case). */
function useCounted(decl: ResourceDecl) {
  const translate = useTranslate();
  return (n: number) =>
    `${n} ${translate(`resources.${decl.spa}.name`, { smart_count: n, _: n === 1 ? decl.noun.one : decl.noun.many }).toLowerCase()}`;
}

/** The value input of one bulk-editable field: the form's kind (select, radio's options, checkbox, reference, text). */
function ValueInput({
  field,
  value,
  onChange,
  label,
}: {
  field: FieldDecl;
  value: unknown;
  onChange: (v: unknown) => void;
  label: string;
}) {
  const translate = useTranslate();
  const to = 'ref' in field ? DECLARED_RESOURCES.find((d) => d.name === field.ref.to) : undefined;
  const refs = useGetList(
    to?.spa ?? '',
    { pagination: { page: 1, perPage: 1000 }, sort: { field: 'name', order: 'ASC' } },
    { enabled: !!to },
  );
  if (field.type === 'checkbox') {
    return (
      <FormControlLabel
        control={<Checkbox checked={value === true} onChange={(e) => onChange(e.target.checked)} />}
        label={label}
      />
    );
  }
  if (field.type === 'select') {
    const options: { value: string; label: string }[] = to
      ? (refs.data ?? []).map((r) => ({ value: String(r.id), label: String(r.name ?? r.id) }))
      : 'options' in field
        ? field.options.map((o) => ({ value: o, label: choiceLabel(field, o) }))
        : [];
    return (
      <TextField
        select
        fullWidth
        label={label}
        value={typeof value === 'string' ? value : ''}
        onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}
      >
        {!field.required && <MenuItem value="">{translate('olympus.lists.bulk.none')}</MenuItem>}
        {options.map((o) => (
          <MenuItem key={o.value} value={o.value}>
            {o.label}
          </MenuItem>
        ))}
      </TextField>
    );
  }
  return (
    <TextField
      fullWidth
      label={label}
      value={typeof value === 'string' ? value : ''}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/** The buttons of the selection's toolbar (react-admin's DataTable `bulkActionButtons`, and the phone's bar). */
export function BulkButtons({ decl }: { decl: ResourceDecl }) {
  const translate = useTranslate();
  const allowed = useBulkAllowed(decl);
  const { selectedIds, onUnselectItems, data } = useListContext();
  const dataProvider = useDataProvider() as unknown as BulkProvider;
  const queryClient = useQueryClient();
  const { notify } = useListNotices();
  const { setFailures } = useContext(FailuresContext);
  const counted = useCounted(decl);
  const [open, setOpen] = useState<'update' | 'delete' | null>(null);
  const fields = bulkFields(decl);
  const [field, setField] = useState(fields[0] ?? '');
  const [value, setValue] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);
  const n = selectedIds.length;
  const labelOf = (f: string) => translate(catalogueKey(decl, f), { _: decl.fields[f]?.label ?? f });

  const run = async (action: 'update' | 'delete') => {
    setBusy(true);
    const ids = selectedIds.map(String);
    const versions = Object.fromEntries(
      (data ?? [])
        .filter((r) => ids.includes(String(r.id)) && typeof r.version === 'number')
        .map((r) => [String(r.id), r.version as number]),
    );
    try {
      await dataProvider.bulk(decl.spa, {
        action,
        ids,
        versions,
        ...(action === 'update'
          ? { values: { [field]: value ?? (decl.fields[field]?.type === 'checkbox' ? false : null) } }
          : {}),
      });
      setFailures(new Map());
      notify(
        'success',
        translate(`olympus.lists.bulk.${action === 'update' ? 'updated' : 'deleted'}`, { count: counted(n) }),
      );
      onUnselectItems();
    } catch (error) {
      const rows = error instanceof HttpError ? ((error.body as { rows?: BulkRowFailure[] } | null)?.rows ?? []) : [];
      setFailures(new Map(rows.map((r) => [r.id, r.errors ? Object.values(r.errors).flat().join(' ') : r.message])));
      const names = new Map((data ?? []).map((r) => [String(r.id), String(r.name ?? r.id)]));
      const reasons = rows.map(
        (r) => `${names.get(r.id) ?? r.id}: ${r.errors ? Object.values(r.errors).flat().join(' ') : r.message}`,
      );
      notify('error', [errorText(error, translate), ...reasons].join(' '));
    } finally {
      setBusy(false);
      setOpen(null);
      void queryClient.invalidateQueries({ queryKey: [decl.spa, 'getList'] });
    }
  };

  const fieldDecl = decl.fields[field];
  return (
    <>
      {allowed.update && (
        <Button variant="outlined" size="small" onClick={() => setOpen('update')}>
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
          onClick={() => setOpen('delete')}
        >
          {translate('olympus.lists.bulk.delete')}
        </Button>
      )}
      <Dialog open={open === 'delete'} onClose={() => setOpen(null)} aria-labelledby="bulk-delete-title">
        <DialogTitle id="bulk-delete-title">
          {translate('olympus.lists.bulk.delete_confirm', { count: counted(n) })}
        </DialogTitle>
        <DialogContent>
          <DialogContentText>
            {translate(hasTrash(decl) ? 'olympus.lists.bulk.delete_text_trash' : 'olympus.lists.bulk.delete_text')}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(null)}>{translate('olympus.lists.bulk.cancel')}</Button>
          <Button color="error" variant="contained" disabled={busy} onClick={() => void run('delete')}>
            {translate('olympus.lists.bulk.delete_apply')}
          </Button>
        </DialogActions>
      </Dialog>
      <Dialog
        open={open === 'update'}
        onClose={() => setOpen(null)}
        aria-labelledby="bulk-update-title"
        fullWidth
        maxWidth="xs"
      >
        <DialogTitle id="bulk-update-title">
          {translate('olympus.lists.bulk.update_title', { count: counted(n) })}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              select
              fullWidth
              label={translate('olympus.lists.bulk.field')}
              value={field}
              onChange={(e) => {
                setField(e.target.value);
                setValue(undefined);
              }}
            >
              {fields.map((f) => (
                <MenuItem key={f} value={f}>
                  {labelOf(f)}
                </MenuItem>
              ))}
            </TextField>
            {fieldDecl && (
              <ValueInput
                key={field}
                field={fieldDecl}
                value={value}
                onChange={setValue}
                label={translate('olympus.lists.bulk.value', { field: labelOf(field) })}
              />
            )}
            <Alert severity="info" variant="outlined">
              {translate('olympus.lists.bulk.will_change', { count: counted(n) })}
            </Alert>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(null)}>{translate('olympus.lists.bulk.cancel')}</Button>
          <Button
            variant="contained"
            disabled={busy || (value === undefined && fieldDecl?.type !== 'checkbox')}
            onClick={() => void run('update')}
          >
            {translate('olympus.lists.bulk.apply')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

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
