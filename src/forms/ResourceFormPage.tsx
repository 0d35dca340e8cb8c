// A create or edit screen driven by the server's field definitions: GET
// /api/v1/{resource}/create or /{id}/edit, the dynamic form, POST or PUT through the dataProvider,
// the resource's failure line if it fails, then back to the list.
import { useMemo, type ReactNode } from 'react';
import { getRecordFromLocation, useTranslate } from 'react-admin';
import { useLocation } from 'react-router';
import { apiUrl } from '../../providers/dataProvider';
import { DynamicForm } from './DynamicForm';
import { FormPage } from './FormPage';
import type { RecordData } from './fieldModel';
import { useFormDefinition } from './useFormDefinition';
import { useRecordSave } from './useRecordSave';
import type { ResourceFormTexts } from '../declared/texts';

export type { ResourceFormTexts } from '../declared/texts';

export interface ResourceFormConfig {
  /** The react-admin resource (the path under /dashboard): users, company, property, unit, roles. */
  resource: string;
  /** The list screen, e.g. /dashboard/company. */
  listPath: string;
  texts: ResourceFormTexts;
  /** A record without a name is refused ("All fields are required"). */
  needsName?: boolean;
  /** Records of the current company: show "Company: {name}". */
  companyLine?: boolean;
}

/** The last check before sending: refuse a blank name when the form has one. */
export function namePrecheck(message: string) {
  return (body: RecordData): string | null =>
    'name' in body && (typeof body.name !== 'string' || body.name.trim() === '') ? message : null;
}

/** GET /api/v1/{resource}/create or /{resource}/{id}/edit: the form's fields. */
export function formPath(resource: string, id?: string): string {
  const base = apiUrl(resource);
  return id === undefined ? `${base}/create` : `${base}/${encodeURIComponent(id)}/edit`;
}

export interface ResourceFormPageProps {
  config: ResourceFormConfig;
  /** Absent: the create screen. */
  id?: string;
  /** Sections under the form, from the loaded record (company properties, property units). */
  below?: (data: RecordData) => ReactNode;
  /** Checkbox lists get a "Select all" box (the role create screen). */
  toggleAll?: boolean;
}

export function ResourceFormPage({ config, id, below, toggleAll }: ResourceFormPageProps) {
  const translate = useTranslate();
  const editing = id !== undefined;
  const { texts } = config;
  const { definition: loaded, options, loading, error } = useFormDefinition(formPath(config.resource, id));
  // A create screen opened with react-admin's `?source={"field":value}` starts with those values (the compliance
  // matrix's missing cell: its property and type).
  const location = useLocation();
  const definition = useMemo(() => {
    const given = editing ? null : getRecordFromLocation(location);
    return loaded && given ? { ...loaded, data: { ...loaded.data, ...given } } : loaded;
  }, [loaded, editing, location]);
  const save = useRecordSave({
    resource: config.resource,
    id,
    failedKey: editing ? texts.updateFailed : texts.createFailed,
  });
  return (
    <FormPage
      title={translate(editing ? texts.editTitle : texts.createTitle)}
      back={{ to: config.listPath, label: translate(texts.back) }}
      companyLine={config.companyLine}
    >
      <DynamicForm
        definition={definition}
        options={options}
        loading={loading}
        loadFailed={!!error}
        submitLabel={translate(editing ? texts.editSubmit : texts.createSubmit)}
        save={save}
        redirectTo={config.listPath}
        toggleAll={toggleAll}
        precheck={config.needsName ? namePrecheck(translate('olympus.forms.error.all_fields_required')) : undefined}
      />
      {definition && below?.(definition.data)}
    </FormPage>
  );
}
