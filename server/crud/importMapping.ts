// How an import's file meets the resource (docs/resources.md "Import"): its messages, and the file's
// columns matched to the fields an import fills (the request's mapping, else by name or label).
import { importColumns } from '../../contract/imports';
import type { ResourceDecl } from '../../contract/resources/declare';
import { invalid } from '../errors';

export const importMessages = (decl: ResourceDecl) => ({
  busy: `An import is already running for this company. Wait for it to finish, then try again.`,
  badDryRun: 'dry_run must be true or false.',
  noColumn: `No column of the file matches a field of the ${decl.noun.many}: name the columns as the template does.`,
  notAField: (header: string, field: string) =>
    `The column "${header}" is mapped to "${field}", which is not a field an import fills.`,
  twice: (label: string, a: string, b: string) => `The columns "${a}" and "${b}" both fill the ${label.toLowerCase()}.`,
  badMapping: 'The mapping must be a JSON object of column → field name.',
  noMatch: (as: string, text: string) => `No ${as.replace(/_/g, ' ')} "${text}" in this company.`,
  ambiguous: (as: string, text: string) =>
    `Several ${as.replace(/_/g, ' ')} records match "${text}": use its reference.`,
  duplicate: (row: number) => `Row ${row} of the file has the same key: a record is imported once.`,
  mayNotUpdate: `This row matches an existing ${decl.noun.one}, and you may not update ${decl.noun.many}.`,
  notChoice: (label: string) => `The selected ${label.toLowerCase()} is invalid.`,
});

const norm = (s: string) =>
  s
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');

/**
 * The file's columns → fields: the request's mapping where it names a column ('' skips it), else a
 * column named like a field, its label or a reference's `as`. Refused (422) when nothing matches.
 */
export function matchColumns(
  decl: ResourceDecl,
  header: string[],
  sent: Record<string, string> | undefined,
): Record<string, string> {
  const msg = importMessages(decl);
  const columns = importColumns(decl);
  const byName = new Map<string, string>();
  for (const { field, label } of columns) {
    for (const n of [field, label]) byName.set(norm(n), field);
    const f = decl.fields[field];
    if ('ref' in f) byName.set(norm(f.ref.as), field);
  }
  const fields = new Set(columns.map((c) => c.field));
  // Keyed by the file's own headers: no prototype, so a column named "__proto__" is a key like any other.
  const out: Record<string, string> = Object.create(null) as Record<string, string>;
  const filledBy = new Map<string, string>();
  const errors: string[] = [];
  for (const h of header) {
    const mapped = sent && Object.hasOwn(sent, h) ? sent[h] : byName.get(norm(h));
    if (!mapped) continue;
    if (!fields.has(mapped)) {
      errors.push(msg.notAField(h, mapped));
      continue;
    }
    const first = filledBy.get(mapped);
    if (first !== undefined) errors.push(msg.twice(decl.fields[mapped].label, first, h));
    filledBy.set(mapped, h);
    out[h] = mapped;
  }
  if (errors.length) throw invalid({ mapping: errors });
  if (Object.keys(out).length === 0) throw invalid({ file: [msg.noColumn] });
  return out;
}
