// The server-defined form renderer: groups of fields drawn by type, client
// validation with the error summary and a scroll to the first error, the four states, server field
// errors on their fields, and after a save "{message}. Redirecting..." then `redirectTo` after 1 s.
// A save is based on the record's version as loaded; refused because someone saved meanwhile, the
// conflict panel shows their changes beside the typed values (docs/resources.md "Versions and conflicts").
// Built on react-hook-form: each field registers itself with its rules (useFormField).
import { useEffect, useMemo, useReducer, useRef, useState, type ReactNode } from 'react';
import { FormProvider, useForm, type FieldErrors } from 'react-hook-form';
import { Alert, Box, Button, Stack } from '@mui/material';
import { useRefresh, useTranslate } from 'react-admin';
import type { RecordConflict } from '../../contract/conflicts';
import { ConflictPanel } from './ConflictPanel';
import { useDelayedNavigate } from '../pages/auth/useDelayedNavigate';
import { FieldGroupSection } from './FieldGroupSection';
import { OptionListsContext } from './FieldInput';
import { FormAlert } from './FormAlert';
import { FormFieldsContext } from './formFields';
import { FormLoading } from './FormLoading';
import { allFields, bodyOf, fieldKey, initialValues, type FormValues, type RecordData } from './fieldModel';
import { isLocked, nextPhase, READY } from './formPhase';
import type { SaveFn } from './saveOutcome';
import type { FormDefinition, OptionLists } from './useFormDefinition';
import { errorSummary } from './validation';

/** After a save, the list opens 1 s later. */
export const SAVE_REDIRECT_DELAY_MS = 1000;

export interface DynamicFormProps {
  /** The loaded definition; undefined while it loads. */
  definition: FormDefinition | undefined;
  options?: OptionLists;
  loading?: boolean;
  loadFailed?: boolean;
  submitLabel: string;
  save: SaveFn;
  /** Where the screen goes after a successful save. */
  redirectTo: string;
  /** Starting values of the screen's own inputs (children); they are sent with the fields. */
  extraValues?: FormValues;
  /** The screen's own inputs, inside the form (they may use react-hook-form's useController). */
  children?: ReactNode;
  /** Checkbox lists get a "Select all" box. */
  toggleAll?: boolean;
  /** A last check on the body before it is sent: the error line, or null to send. */
  precheck?: (body: RecordData) => string | null;
}

export function DynamicForm({ definition, options = {}, loading, loadFailed, ...rest }: DynamicFormProps) {
  const translate = useTranslate();
  if (loadFailed) return <Alert severity="error">{translate('olympus.forms.load_failed')}</Alert>;
  if (loading || !definition) return <FormLoading />;
  // A record loaded again at another version (Take theirs) starts a fresh form with its values.
  return (
    <OptionListsContext.Provider value={options}>
      <LoadedForm key={String(definition.data.version ?? '')} definition={definition} options={options} {...rest} />
    </OptionListsContext.Provider>
  );
}

type LoadedFormProps = Omit<DynamicFormProps, 'definition' | 'options' | 'loading' | 'loadFailed'> & {
  definition: FormDefinition;
  options: OptionLists;
};

const versionOf = (data: RecordData): number | undefined =>
  typeof data.version === 'number' ? data.version : undefined;

function LoadedForm({
  definition: { groups, data },
  options,
  submitLabel,
  save,
  redirectTo,
  extraValues,
  children,
  toggleAll,
  precheck,
}: LoadedFormProps) {
  const translate = useTranslate();
  const refresh = useRefresh();
  const delayedNavigate = useDelayedNavigate();
  // The version the next save is based on: as loaded, or the newer one "Keep mine" saves over.
  const version = useRef(versionOf(data));
  const [conflict, setConflict] = useState<RecordConflict | null>(null);
  const [reloading, setReloading] = useState(false);
  const [phase, dispatch] = useReducer(nextPhase, READY);
  // A ref as well: a second submit can arrive before the re-render that disables the button.
  const busy = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  // react-hook-form reads defaultValues once, at mount: what the user types survives re-renders.
  const defaultValues = useMemo(
    () => ({ ...extraValues, ...initialValues(groups, data) }),
    [extraValues, groups, data],
  );
  const fields = useMemo(() => allFields(groups), [groups]);
  const form = useForm<FormValues>({ defaultValues });
  // The error line summed up field errors (not a failed save's own message): once the last of them
  // is put right, it goes too.
  const lineFromFields = useRef(false);
  const fieldErrorCount = Object.keys(form.formState.errors).length;
  useEffect(() => {
    if (fieldErrorCount === 0 && lineFromFields.current) {
      lineFromFields.current = false;
      dispatch({ type: 'corrected' });
    }
  }, [fieldErrorCount]);
  // A pre-check's line names no field: it goes at the next change, and the next submit checks again.
  const lineFromPrecheck = useRef(false);
  useEffect(() => {
    const watching = form.watch(() => {
      if (!lineFromPrecheck.current) return;
      lineFromPrecheck.current = false;
      dispatch({ type: 'corrected' });
    });
    return () => watching.unsubscribe();
  }, [form]);

  // A field may arrive with an error of its own (its `error`): show it from the start.
  useEffect(() => {
    for (const field of allFields(groups))
      if (field.error) form.setError(fieldKey(field.name), { type: 'server', message: field.error });
  }, [groups, form]);

  /** Scroll to the first field (in page order) whose key has an error. */
  const scrollToFirst = (keys: Set<string>) => {
    const fields = formRef.current?.querySelectorAll<HTMLElement>('[data-form-key]') ?? [];
    const first = Array.from(fields).find((el) => keys.has(el.dataset.formKey ?? ''));
    // jsdom has no scrollIntoView; browsers all do.
    first?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
  };

  /** Server errors by field name → form keys; `permissions.0` falls back to `permissions`. */
  const showServerErrors = (fieldErrors: Record<string, string>) => {
    const known = new Set(Object.keys(form.getValues()));
    const keys = new Set<string>();
    for (const [name, message] of Object.entries(fieldErrors)) {
      const key = [fieldKey(name), fieldKey(name.split('.')[0])].find((k) => known.has(k));
      if (!key || keys.has(key)) continue;
      form.setError(key, { type: 'server', message });
      keys.add(key);
    }
    scrollToFirst(keys);
  };

  const onValid = async (values: FormValues) => {
    if (busy.current) return;
    const extras = Object.fromEntries(Object.keys(extraValues ?? {}).map((k) => [k, values[k]]));
    const body = { ...extras, ...bodyOf(groups, values) };
    const blocked = precheck?.(body);
    if (blocked) {
      lineFromFields.current = false;
      lineFromPrecheck.current = true;
      dispatch({ type: 'rejected', error: blocked });
      return;
    }
    busy.current = true;
    lineFromPrecheck.current = false;
    dispatch({ type: 'submit' });
    const outcome = await save(body, { version: version.current });
    if (outcome.ok) {
      setConflict(null);
      dispatch({ type: 'saved', message: outcome.message ?? translate('olympus.forms.saved') });
      delayedNavigate(redirectTo, SAVE_REDIRECT_DELAY_MS);
      return;
    }
    busy.current = false;
    // Someone saved meanwhile: the panel asks what to do; the typed values stay in the form.
    setConflict(outcome.conflict ?? null);
    dispatch({ type: 'failed', error: outcome.error });
    showServerErrors(outcome.fieldErrors);
    lineFromFields.current = Object.keys(outcome.fieldErrors).length > 0;
  };

  /** Save the typed values again, over the version the other person's save made. */
  const keepMine = () => {
    if (!conflict) return;
    version.current = conflict.version;
    void form.handleSubmit(onValid, onInvalid)();
  };
  /** Load the record afresh from the server (every query on screen): the form starts again with its values. */
  const takeTheirs = () => {
    setReloading(true);
    refresh();
  };

  const onInvalid = (errors: FieldErrors<FormValues>) => {
    const messages = Object.values(errors).flatMap((e) =>
      typeof e?.message === 'string' && e.message ? [e.message] : [],
    );
    lineFromFields.current = true;
    dispatch({
      type: 'rejected',
      error: errorSummary(messages, translate) ?? translate('olympus.forms.error.generic'),
    });
    scrollToFirst(new Set(Object.keys(errors)));
  };

  return (
    <FormProvider {...form}>
      <FormFieldsContext.Provider value={fields}>
        <Stack
          component="form"
          ref={formRef}
          noValidate
          spacing={3}
          onSubmit={(e) => void form.handleSubmit(onValid, onInvalid)(e)}
        >
          {groups.map((group, i) => (
            <FieldGroupSection key={i} group={group} index={i} toggleAll={toggleAll} />
          ))}
          {children}
          <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Box sx={{ width: '100%' }} aria-live="polite">
              {conflict && phase.kind !== 'success' ? (
                <ConflictPanel
                  conflict={conflict}
                  groups={groups}
                  options={options}
                  busy={phase.kind === 'submitting' || reloading}
                  reloading={reloading}
                  onKeepMine={keepMine}
                  onTakeTheirs={takeTheirs}
                />
              ) : (
                <FormAlert phase={phase} />
              )}
            </Box>
            <Button type="submit" variant="contained" size="large" disabled={isLocked(phase)}>
              {phase.kind === 'submitting' ? translate('olympus.forms.please_wait') : submitLabel}
            </Button>
          </Stack>
        </Stack>
      </FormFieldsContext.Provider>
    </FormProvider>
  );
}
