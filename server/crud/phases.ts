// A binding's hooks as a maintainer reads them: grouped by the phase they act in (docs/resources.md
// "Binding and hooks"), so a resource's access rules, reads, writes and forms each sit together.
// The generic code reads them flat (CrudHooks, ./binding.ts).
import type { CrudHooks } from './binding';

export interface CrudPhases<P = unknown> {
  /** Who reaches which records, before anything is read or written: scope, guard, refuseChange, listQuery. */
  access?: Pick<CrudHooks<P>, 'scope' | 'guard' | 'refuseChange' | 'listQuery'>;
  /** What a read answers beyond the declared fields: computed (with its joins), records of its own, the audit's view,
   * the edit form's sub-list. */
  read?: Pick<CrudHooks<P>, 'computed' | 'joins' | 'records' | 'auditView' | 'auditOwner' | 'historyChanges' | 'edit'>;
  /** How a write is checked and made: bodies, validate, prepare, `persist` (the write itself), beforeDelete,
   * writeError. */
  write?: Pick<CrudHooks<P>, 'bodies' | 'validate' | 'prepare' | 'beforeDelete' | 'writeError'> & {
    persist?: CrudHooks<P>['write'];
  };
  /** What the forms show: `values` (the forms' values) and `fields` (the groups as this caller gets them). */
  form?: { values?: CrudHooks<P>['formValues']; fields?: CrudHooks<P>['form'] };
}

/** The phases as the flat hooks the generic code reads. */
export function flatHooks<P>(phases: CrudPhases<P>): CrudHooks<P> {
  const { persist, ...write } = phases.write ?? {};
  const hooks: CrudHooks<P> = { ...phases.access, ...phases.read, ...write };
  if (persist) hooks.write = persist;
  if (phases.form?.values) hooks.formValues = phases.form.values;
  if (phases.form?.fields) hooks.form = phases.form.fields;
  return hooks;
}
