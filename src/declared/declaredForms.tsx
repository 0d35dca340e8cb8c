// A declared resource's create and edit screens (src/declared/declared.tsx): the server's form (ResourceFormPage)
// and, under the edit form, the resource's own sections and the record's history. A chunk of its own, loaded when
// one of them first opens, so a list's first screen holds neither the forms nor the history (docs/speed.md "The
// first screen").
import type { ReactNode } from 'react';
import { EditRoute } from '../forms/EditRoute';
import type { RecordData } from '../forms/fieldModel';
import { ResourceFormPage, type ResourceFormConfig } from '../forms/ResourceFormPage';
import { HistoryPanel } from '../history/HistoryPanel';
import { useReloadAfterRestore } from '../history/useReloadAfterRestore';

export interface DeclaredFormProps {
  form: ResourceFormConfig;
  toggleAll?: boolean;
  /** Sections under the edit form, from the loaded record (ScreenOverrides.editBelow). */
  editBelow?: (data: RecordData) => ReactNode;
  /** False when the declaration keeps no history. */
  history: boolean;
}

export function DeclaredCreate({ form, toggleAll }: DeclaredFormProps) {
  return <ResourceFormPage config={form} toggleAll={toggleAll} />;
}

function EditScreen({ id, form, editBelow, history }: DeclaredFormProps & { id: string }) {
  const [revision, reload] = useReloadAfterRestore(form.resource);
  // Under the form: the resource's own sections, then the record's history unless it opts out.
  const below = (data: RecordData) => (
    <>
      {editBelow?.(data)}
      {history && <HistoryPanel resource={form.resource} id={id} onRestored={reload} />}
    </>
  );
  return <ResourceFormPage key={`${id}:${revision}`} config={form} id={id} below={below} />;
}

export function DeclaredEdit(props: DeclaredFormProps) {
  return <EditRoute>{(id) => <EditScreen key={id} id={id} {...props} />}</EditRoute>;
}
