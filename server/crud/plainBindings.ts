// The server side of a declared resource that needs no hooks (docs/resources.md "Declaring a
// resource"): its table is the one derived from the declaration (server/db/declaredTables.ts, written
// by `npm run db:generate`, or server/db/schema.ts for a table with more than the declaration says), its references'
// tables are those of the resources they name, and its routes are the generic ones. A resource with
// hooks binds itself in server/<name>/binding.ts, named in ./bindings.ts.
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import type { ResourceDecl } from '../../contract/resources/declare';
import * as schema from '../db/tables';
import { defineCrud, type Crud } from '.';
import { suggestion } from '../../contract/resources/suggest';
import { DeclarationError } from '../../contract/resources/registryCheck';

const tablesByName = new Map<string, PgTable>(
  (Object.values(schema) as unknown[]).flatMap((value) =>
    is(value, PgTable) ? [[getTableConfig(value).name, value] as const] : [],
  ),
);

function tableOf(name: string, who: string): PgTable {
  const table = tablesByName.get(name);
  if (!table) {
    throw new DeclarationError(
      `${who}: there is no table "${name}"; run \`npm run db:generate -- --name ${name}\` to derive it and write its migration${suggestion(name, [...tablesByName.keys()])}`,
    );
  }
  return table;
}

/** The generic CRUD of `decl` on its derived table (checked as any binding is, at start). */
export function plainCrud(decl: ResourceDecl): Crud {
  const who = `Resource "${decl.name}"`;
  const refs: Record<string, PgTable> = {};
  for (const field of Object.values(decl.fields)) if ('ref' in field) refs[field.ref.to] = tableOf(field.ref.to, who);
  return defineCrud(decl, { table: tableOf(decl.name, who), refs });
}
