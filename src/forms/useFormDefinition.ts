// Loads a server-defined form: GET /api/v1/{resource}/create or
// /{resource}/{id}/edit answering { data, fields }, then every list named by an `options-from`
// (GET /api/v1/{list} → uuid → name). The form counts as loading until all of them are in.
import { useEffect, useMemo } from 'react';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useLogoutIfAccessDenied } from 'react-admin';
import type { FormFieldGroup } from '../../contract/forms';
import { apiGet, isSuccess } from '../../providers/httpClient';
import { allFields, optionsSource, type Option, type RecordData } from './fieldModel';

export const API_PREFIX = '/api/v1';

export interface FormDefinition {
  data: RecordData;
  groups: FormFieldGroup[];
}

/** source name (e.g. "companies") → its options. */
export type OptionLists = Record<string, Option[]>;

/** A failed load; status 0 when the server never answered. */
export class LoadError extends Error {
  constructor(readonly status: number) {
    super(`form definition failed (${status})`);
  }
}

export async function loadDefinition(path: string): Promise<FormDefinition> {
  const res = await apiGet<RecordData>(path);
  const status = res?.status ?? 0; // isSuccess narrows `res` to never on its false branch
  if (!isSuccess(res)) throw new LoadError(status);
  const data = res.data && typeof res.data === 'object' ? res.data : {};
  return { data, groups: Array.isArray(res.fields) ? (res.fields as FormFieldGroup[]) : [] };
}

/** A failed list fetch is logged and reads as empty. */
export async function loadOptions(source: string): Promise<Option[]> {
  const res = await apiGet<unknown>(`${API_PREFIX}/${encodeURIComponent(source)}`);
  const status = res?.status;
  if (!isSuccess(res) || !Array.isArray(res.data)) {
    console.error(`options from ${source} failed`, status);
    return [];
  }
  return (res.data as Record<string, unknown>[]).flatMap((row) => {
    const value = row.uuid ?? row.id ?? row.value;
    const label = row.name ?? row.label ?? value;
    return value === undefined || value === null ? [] : [{ value: String(value), label: String(label) }];
  });
}

export interface FormDefinitionState {
  definition?: FormDefinition;
  options: OptionLists;
  loading: boolean;
  error: LoadError | null;
}

/** `path` under the API root, e.g. /api/v1/companies/7/edit; null waits (nothing to load yet). */
export function useFormDefinition(path: string | null): FormDefinitionState {
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const query = useQuery({
    queryKey: ['olympus.form', path],
    queryFn: () => loadDefinition(path as string),
    enabled: path !== null,
    retry: false,
    // One load per visit: the form keeps what the user typed, and the next visit asks afresh.
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  const sources = [...new Set(allFields(query.data?.groups ?? []).flatMap((f) => optionsSource(f) ?? []))];
  const lists = useQueries({
    queries: sources.map((source) => ({
      queryKey: ['olympus.options', source],
      queryFn: () => loadOptions(source),
      retry: false,
      staleTime: 30_000,
      refetchOnWindowFocus: false,
    })),
  });

  const failure = query.error;
  const error = useMemo(() => (failure instanceof LoadError ? failure : failure ? new LoadError(0) : null), [failure]);
  useEffect(() => {
    // An expired session answers 401: sign out like any other react-admin call would.
    if (error?.status === 401) void logoutIfAccessDenied(error);
  }, [error, logoutIfAccessDenied]);

  const options: OptionLists = {};
  sources.forEach((source, i) => (options[source] = lists[i]?.data ?? []));
  return {
    definition: query.data,
    options,
    loading: path !== null && (query.isPending || lists.some((l) => l.isPending)) && !query.isError,
    error,
  };
}
