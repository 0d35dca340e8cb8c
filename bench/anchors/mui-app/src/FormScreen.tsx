// Edit (an id) or create (none) screen by hand: fields from the resource definition, references as selects.
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { choices, getOne, save, type Row } from './api';
import type { Field, ResourceDef } from './resources';

type Values = Record<string, unknown>;

function ReferenceSelect({ field, value, onChange }: { field: Field; value: unknown; onChange: (v: string) => void }) {
  const [options, setOptions] = useState<Row[]>([]);
  useEffect(() => {
    choices(field.reference ?? '')
      .then(setOptions)
      .catch(() => {});
  }, [field.reference]);
  return (
    <TextField
      select
      label={field.label}
      required={field.required}
      value={options.length ? String(value ?? '') : ''}
      onChange={(e) => onChange(e.target.value)}
    >
      {options.map((o) => (
        <MenuItem key={o.id} value={o.id}>
          {String(o.name)}
        </MenuItem>
      ))}
    </TextField>
  );
}

function Input({ field, value, onChange }: { field: Field; value: unknown; onChange: (v: unknown) => void }) {
  if (field.reference) return <ReferenceSelect field={field} value={value} onChange={onChange} />;
  if (field.type === 'boolean')
    return (
      <FormControlLabel
        control={<Checkbox checked={!!value} onChange={(e) => onChange(e.target.checked)} />}
        label={field.label}
      />
    );
  if (field.choices)
    return (
      <TextField
        select
        label={field.label}
        value={String(value ?? '')}
        onChange={(e) => onChange(e.target.value || null)}
      >
        <MenuItem value="">—</MenuItem>
        {field.choices.map((c) => (
          <MenuItem key={c} value={c}>
            {c}
          </MenuItem>
        ))}
      </TextField>
    );
  return (
    <TextField
      label={field.label}
      required={field.required}
      type={field.type === 'number' ? 'number' : 'text'}
      multiline={field.type === 'multiline'}
      minRows={field.type === 'multiline' ? 3 : undefined}
      value={value === null || value === undefined ? '' : String(value)}
      onChange={(e) =>
        onChange(field.type === 'number' ? (e.target.value === '' ? null : Number(e.target.value)) : e.target.value)
      }
    />
  );
}

export function FormScreen({ def }: { def: ResourceDef }) {
  const { id } = useParams();
  const navigate = useNavigate();
  const [values, setValues] = useState<Values | null>(id ? null : {});
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (id) getOne(def.name, id).then(setValues, (e: Error) => setError(e.message));
  }, [def.name, id]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!values) return;
    const body = Object.fromEntries(def.fields.map((f) => [f.source, values[f.source] ?? null]));
    save(def.name, id ?? null, body).then(
      () => navigate(`/${def.name}`),
      (err: Error) => setError(err.message),
    );
  };
  return (
    <Box sx={{ p: 2, maxWidth: 640 }}>
      <Typography variant="h5" sx={{ mb: 2 }}>
        {id ? `Edit ${def.singular}` : `Create ${def.singular}`}
      </Typography>
      {error && <Alert severity="error">{error}</Alert>}
      {values && (
        <Paper component="form" onSubmit={submit} sx={{ p: 2 }}>
          <Stack spacing={2}>
            {def.fields.map((f) => (
              <Input
                key={f.source}
                field={f}
                value={values[f.source]}
                onChange={(v) => setValues({ ...values, [f.source]: v })}
              />
            ))}
            <Button type="submit" variant="contained">
              Save
            </Button>
          </Stack>
        </Paper>
      )}
    </Box>
  );
}
