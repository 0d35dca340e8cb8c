// One declared resource on the server (docs/resources.md): the declaration (contract/resources/),
// its table binding and hooks in, its schemas, reads and route plugin out. The binding is checked
// here, at start: a declared field without a column stops the server.
import type { ResourceDecl } from '../../contract/resources/declare';
import { checkBinding, type CrudBinding, type CrudHooks } from './binding';
import { crudQueries } from './queries';
import { crudRoutes } from './routes';
import { crudSchemas } from './schemas';
import { flatHooks, type CrudPhases } from './phases';
import { auditedOf, ownerOf } from './audited';

export type { CrudBinding, CrudBodies, CrudHooks, GenericWrite, RecordSource, WriteOutcome } from './binding';
export type { CrudPhases } from './phases';

/** `P`: what the validate hook answers, handed on to prepare and persist (CrudPhases, grouped by phase). */
export function defineCrud<P = unknown>(decl: ResourceDecl, binding: CrudBinding, phases: CrudPhases<P> = {}) {
  const hooks: CrudHooks<P> = flatHooks(phases);
  checkBinding(decl, binding, hooks);
  const schemas = crudSchemas(decl, hooks);
  const queries = crudQueries(decl, binding, hooks);
  return {
    decl,
    schemas,
    ...queries,
    audited: auditedOf(hooks),
    owner: ownerOf(hooks),
    routes: crudRoutes(decl, binding, hooks, queries, schemas),
  };
}

export type Crud = ReturnType<typeof defineCrud>;
