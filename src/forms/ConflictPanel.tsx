// The conflict panel (docs/resources.md "Versions and conflicts"): a save refused because someone else
// saved the record meanwhile. For each field they changed: its label from the form, their value beside
// yours (references and choices by their names, amounts and dates as the lists show them), who and
// when. "Keep mine" saves the form's values again over the new version; "Take theirs" reloads the
// record from the server, discarding what was typed. Until one is chosen, the typed values stay in the form.
import { useEffect, useRef } from 'react';
import { Alert, AlertTitle, Box, Button, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { FormField, FormFieldGroup } from '../../contract/forms';
import type { ConflictChange, RecordConflict } from '../../contract/conflicts';
import { dateText } from '../lists/dateText';
import { dateTimeText } from '../lists/dateTimeText';
import { actorName } from '../people/actorName';
import { moneyText } from '../lists/moneyText';
import { allFields, bodyOf, optionsSource, staticOptions, type FormValues, type Option } from './fieldModel';
import type { OptionLists } from './useFormDefinition';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The options a field's values are named by: its own, or the list it takes them from. */
export function optionsOf(field: FormField | undefined, lists: OptionLists): Option[] {
  if (!field) return [];
  const source = optionsSource(field);
  return source ? (lists[source] ?? []) : staticOptions(field);
}

/** A value as people read it: by its option's label, an amount or date as lists show it, "(empty)" for none. */
export function valueText(
  field: FormField | undefined,
  value: unknown,
  options: Option[],
  translate: Translate,
): string {
  const empty = translate('olympus.forms.conflict.empty');
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0))
    return empty;
  if (typeof value === 'boolean') return translate(value ? 'olympus.forms.conflict.yes' : 'olympus.forms.conflict.no');
  const named = (v: unknown): string => {
    if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      return String(o.name ?? o.label ?? o.uuid ?? o.id ?? JSON.stringify(v));
    }
    const text = String(v);
    return options.find((o) => o.value === text)?.label ?? text;
  };
  if (Array.isArray(value)) return value.map(named).join(', ');
  if (field?.type === 'money') return moneyText(value, field.currency ?? 'GBP');
  if (field?.type === 'date') return dateText(value);
  return named(value);
}

export interface ConflictPanelProps {
  conflict: RecordConflict;
  groups: readonly FormFieldGroup[];
  options: OptionLists;
  /** A choice is on its way: the buttons wait. */
  busy?: boolean;
  /** Take theirs is reloading the record. */
  reloading?: boolean;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
}

export function ConflictPanel({
  conflict,
  groups,
  options,
  busy,
  reloading,
  onKeepMine,
  onTakeTheirs,
}: ConflictPanelProps) {
  const translate = useTranslate() as Translate;
  const heading = useRef<HTMLHeadingElement>(null);
  // The person's values as they stand now (they may keep typing before they choose).
  const values = useWatch() as FormValues;
  const fields = allFields(groups);
  const mine = bodyOf(groups, values);
  // Moved to, so a keyboard or screen reader user lands on the choice the form now waits for.
  useEffect(() => heading.current?.focus(), [conflict]);

  const row = (change: ConflictChange, i: number) => {
    const field = fields.find((f) => f.name === change.field);
    const opts = optionsOf(field, options);
    const label = field?.label ?? change.label ?? change.field;
    const yours = Object.hasOwn(mine, change.field) ? mine[change.field] : change.yours;
    const at = dateTimeText(change.at);
    const id = `conflict-field-${i}`;
    return (
      <Box
        component="li"
        key={change.field}
        aria-labelledby={id}
        sx={{ listStyle: 'none', borderTop: 1, borderColor: 'divider', pt: 1.5 }}
      >
        <Typography id={id} component="h3" variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {label}
        </Typography>
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gap: 1,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          <Box>
            <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
              {translate('olympus.forms.conflict.theirs')}
            </Typography>
            <Typography
              component="dd"
              sx={{ m: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
              data-testid="conflict-theirs"
            >
              {valueText(field, change.theirs, opts, translate)}
            </Typography>
          </Box>
          {yours !== undefined && (
            <Box>
              <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
                {translate('olympus.forms.conflict.yours')}
              </Typography>
              <Typography
                component="dd"
                sx={{ m: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
                data-testid="conflict-yours"
              >
                {valueText(field, yours, opts, translate)}
              </Typography>
            </Box>
          )}
        </Box>
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {change.by
            ? translate('olympus.forms.conflict.by', { name: actorName(change.by, translate), at })
            : translate('olympus.forms.conflict.by_system', { at })}
        </Typography>
      </Box>
    );
  };

  return (
    <Alert
      severity="warning"
      icon={false}
      component="section"
      role="region"
      aria-labelledby="conflict-title"
      sx={{ width: '100%', boxSizing: 'border-box', '& .MuiAlert-message': { width: '100%', minWidth: 0 } }}
    >
      <AlertTitle
        id="conflict-title"
        component="h2"
        ref={heading}
        tabIndex={-1}
        sx={{ fontSize: '1.1rem', fontWeight: 600, outline: 'none' }}
      >
        {translate('olympus.forms.conflict.title')}
      </AlertTitle>
      <Typography sx={{ mb: 1.5 }}>
        {translate(conflict.changes.length ? 'olympus.forms.conflict.intro' : 'olympus.forms.conflict.intro_none')}
      </Typography>
      {conflict.changes.length > 0 && (
        <Box
          component="ul"
          aria-label={translate('olympus.forms.conflict.changes')}
          sx={{ m: 0, p: 0, display: 'grid', gap: 1.5 }}
        >
          {conflict.changes.map(row)}
        </Box>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2 }}>
        <Box>
          <Button variant="contained" onClick={onKeepMine} disabled={busy} aria-describedby="conflict-keep-help">
            {translate('olympus.forms.conflict.keep_mine')}
          </Button>
          <Typography id="conflict-keep-help" variant="body2" sx={{ mt: 0.5 }}>
            {translate('olympus.forms.conflict.keep_mine_help')}
          </Typography>
        </Box>
        <Box>
          <Button
            variant="outlined"
            color="inherit"
            onClick={onTakeTheirs}
            disabled={busy}
            aria-describedby="conflict-take-help"
          >
            {reloading
              ? translate('olympus.forms.conflict.reloading')
              : translate('olympus.forms.conflict.take_theirs')}
          </Button>
          <Typography id="conflict-take-help" variant="body2" sx={{ mt: 0.5 }}>
            {translate('olympus.forms.conflict.take_theirs_help')}
          </Typography>
        </Box>
      </Stack>
    </Alert>
  );
}
