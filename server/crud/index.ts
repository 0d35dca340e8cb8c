// One declared resource on the server (docs/resources.md): the declaration (contract/resources/),
// its table binding and hooks in, its schemas, reads and route plugin out. The binding is checked
// here, at start: a declared field without a column stops the server.
import type { ResourceDecl } from '../../contract/resources/declare';
import { checkBinding, type CrudBinding, type CrudHooks } from './binding';
import { crudQueries } from './queries';
import { crudRoutes } from './routes';
import { crudSchemas } from './schemas';
import { auditedOf, ownerOf } from './audited';

export type { CrudBinding, CrudHooks, TenantLink, WriteOutcome } from './binding';

/** `hooks`: the lifecycle grid (./binding.ts CrudHooks); `P`: what its validate answers, handed on as `parsed`. */
export function defineCrud<P = unknown>(decl: ResourceDecl, binding: CrudBinding, hooks: CrudHooks<P> = {}) {
  checkBinding(decl, binding, hooks);
  const schemas = crudSchemas(decl, hooks);
  const queries = crudQueries(decl, binding, hooks);
  return {
    decl,
    schemas,
    ...queries,
    audited: auditedOf(decl, hooks),
    owner: ownerOf(hooks),
    routes: crudRoutes(decl, binding, hooks, queries, schemas),
  };
}

export type Crud = ReturnType<typeof defineCrud>;
