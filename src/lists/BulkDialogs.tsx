// The dialogs of a list's bulk changes (docs/resources.md "Bulk changes"): "Delete selected" (a
// confirmation naming the count) and "Update selected" (a bulk-editable field, a value of the form's input
// kind, "3 units will change"), then one POST /{name}/bulk, all or nothing: the list says "12 units
// updated", or marks each refused row with its reason. Loaded only when one first opens (BulkActions.tsx):
// neither the first rows nor a keystroke need them (docs/speed.md "Rendering").
import { useState } from 'react';
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
import { HttpError, useDataProvider, useGetList, useListContext, useTranslate } from 'ra-core';
import { bulkFields, type BulkRowFailure } from '../../contract/bulk';
import { DECLARED_RESOURCES } from '../../contract/resources';
import {
  catalogueKey,
  choiceLabel,
  hasTrash,
  type FieldDecl,
  type ResourceDecl,
} from '../../contract/resources/declare';
import { useSetBulkFailures } from './bulkFailures';
import { useListNotices } from './ListNotices';
import { errorText } from './useRemoveRecord';

type BulkProvider = { bulk(resource: string, body: object): Promise<{ data: { message?: string } }> };

export type BulkDialog = 'update' | 'delete';

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

/** The open dialog (`open`), closed by `onClose`; mounted from the first opening on, so closing fades. */
export default function BulkDialogs({
  decl,
  open,
  onClose,
}: {
  decl: ResourceDecl;
  open: BulkDialog | null;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const { selectedIds, onUnselectItems, data } = useListContext();
  const dataProvider = useDataProvider() as unknown as BulkProvider;
  const queryClient = useQueryClient();
  const { notify } = useListNotices();
  const setFailures = useSetBulkFailures();
  const counted = useCounted(decl);
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
      onClose();
      void queryClient.invalidateQueries({ queryKey: [decl.spa, 'getList'] });
    }
  };

  const fieldDecl = decl.fields[field];
  return (
    <>
      <Dialog open={open === 'delete'} onClose={() => onClose()} aria-labelledby="bulk-delete-title">
        <DialogTitle id="bulk-delete-title">
          {translate('olympus.lists.bulk.delete_confirm', { count: counted(n) })}
        </DialogTitle>
        <DialogContent>
          <DialogContentText>
            {translate(hasTrash(decl) ? 'olympus.lists.bulk.delete_text_trash' : 'olympus.lists.bulk.delete_text')}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => onClose()}>{translate('olympus.lists.bulk.cancel')}</Button>
          <Button color="error" variant="contained" disabled={busy} onClick={() => void run('delete')}>
            {translate('olympus.lists.bulk.delete_apply')}
          </Button>
        </DialogActions>
      </Dialog>
      <Dialog
        open={open === 'update'}
        onClose={() => onClose()}
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
          <Button onClick={() => onClose()}>{translate('olympus.lists.bulk.cancel')}</Button>
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
