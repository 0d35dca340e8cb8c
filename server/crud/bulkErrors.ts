// A malformed bulk body's field errors (docs/resources.md "Bulk changes"): the values' errors in each
// field's own words, under `values`.
import type { ResourceDecl } from '../../contract/resources/declare';
import { validationErrors } from '../http/errors-plugin';
import { bulkMessages } from './bulkMessages';

export interface AjvError {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

/**
 * ajv's errors of the bulk body: those inside `values` under `values`, each in the field's own words
 * ("The selected unit status is invalid."), a field that is not bulk-editable named as such.
 */
export function bulkErrors(decl: ResourceDecl, errs: AjvError[]): Record<string, string[]> {
  const inValues = (e: AjvError) =>
    e.instancePath.startsWith('/values/') || (e.instancePath === '/values' && e.keyword === 'additionalProperties');
  const out = validationErrors(errs.filter((e) => !inValues(e)));
  for (const e of errs.filter(inValues)) {
    const messages =
      e.keyword === 'additionalProperties'
        ? [bulkMessages(decl).notBulk(String(e.params.additionalProperty))]
        : Object.values(validationErrors([{ ...e, instancePath: e.instancePath.slice('/values'.length) }])).flat();
    for (const m of messages) if (!(out.values ??= []).includes(m)) out.values.push(m);
  }
  return out;
}
