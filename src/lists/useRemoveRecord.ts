// Deleting a row (SPEC §4): DELETE /{resource}/{id}, and only when the API answers success is the
// record taken out of the loaded list — the cached unfiltered copy, so no reload follows. react-admin's
// useDelete would refetch the list after every delete; the spec loads a list once.
import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useResourceContext, type GetListResult, type RaRecord } from 'ra-core';

/** Resolves once deleted and removed from the list; rejects with the API's error (HttpError) otherwise. */
export function useRemoveRecord(): (record: RaRecord) => Promise<void> {
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const resource = useResourceContext() ?? '';
  return useCallback(
    async (record: RaRecord) => {
      await dataProvider.delete(resource, { id: record.id, previousData: record });
      queryClient.setQueriesData<GetListResult>({ queryKey: [resource, 'getList'] }, (res) => {
        if (!res?.data) return res;
        const data = res.data.filter((r) => r.id !== record.id);
        return data.length === res.data.length ? res : { ...res, data, total: data.length };
      });
    },
    [dataProvider, queryClient, resource],
  );
}

/** The text of a failed call: the server's message, or react-admin's generic one for its own keys. */
export function errorText(error: unknown, translate: (key: string) => string): string {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  if (!message) return translate('ra.notification.http_error');
  return message.startsWith('ra.') ? translate(message) : message;
}
