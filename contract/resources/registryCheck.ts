// Mistakes in the registry of declared resources that no single declaration can see: a reference to a
// resource that is not declared (a misspelt `ref('Property', 'propertys')`). Checked before anything is
// derived from the registry — by `npm run db:generate` and at the server's start — so the mistake is
// one line naming the field and the nearest name, never a stack from a generated file
// (docs/resources.md "Mistakes caught early").
import type { ResourceDecl } from './declare';
import { suggestion } from './suggest';

/** What is wrong with the registry, one message each (none: it is sound). */
export function registryProblems(resources: readonly ResourceDecl[]): string[] {
  const names = resources.map((r) => r.name);
  const problems: string[] = [];
  for (const d of resources) {
    for (const [key, field] of Object.entries(d.fields)) {
      if (!('ref' in field) || names.includes(field.ref.to)) continue;
      problems.push(
        `Resource "${d.name}": field "${key}" refers to "${field.ref.to}", which is not a declared resource` +
          suggestion(field.ref.to, names),
      );
    }
  }
  return problems;
}

/** A mistake in a declaration or its binding: the start reports its message alone, without a stack. */
export class DeclarationError extends Error {}
