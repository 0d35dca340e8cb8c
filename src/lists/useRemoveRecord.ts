// Deleting a row: DELETE /{resource}/{id}, and only when the API answers success is the
// record taken out of the loaded lists — the cached unfiltered copy, so a list paged in the browser
// is not reloaded. A list paged by the API (past CLIENT_LIST_MAX) then asks again for its
// page, which refills it and updates the total. react-admin's useDelete would refetch every list.
import { useCallback } from 'react';
import { useQueryClient, type Query } from '@tanstack/react-query';
import { useDataProvider, useResourceContext, type GetListParams, type GetListResult, type RaRecord } from 'ra-core';
import { isWholeList } from '../../providers/listQuery';

/**
 * The cached lists to ask again: pages of the API (react-admin's key is [resource, 'getList', params]),
 * and a whole list still loading, which may have been read before the delete.
 */
const mayHoldDeleted = (query: Query): boolean => {
  const params = query.queryKey[2] as Partial<GetListParams> | undefined;
  return !isWholeList(params?.pagination) || query.state.fetchStatus === 'fetching';
};

/**
 * Resolves once deleted and removed from the list; rejects with the API's error (HttpError) otherwise.
 * The delete is based on the record's version as the list showed it (If-Match), or on `version` when
 * given ("Delete anyway" after a 409: docs/resources.md "Versions and conflicts").
 */
export function useRemoveRecord(): (record: RaRecord, options?: { version?: number }) => Promise<void> {
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const resource = useResourceContext() ?? '';
  return useCallback(
    async (record: RaRecord, { version }: { version?: number } = {}) => {
      await dataProvider.delete(resource, {
        id: record.id,
        previousData: record,
        meta: version === undefined ? undefined : { version },
      });
      const listKey = [resource, 'getList'];
      queryClient.setQueriesData<GetListResult>({ queryKey: listKey }, (res) => {
        if (!res?.data) return res;
        const data = res.data.filter((r) => r.id !== record.id);
        const removed = res.data.length - data.length;
        return removed === 0 ? res : { ...res, data, total: (res.total ?? res.data.length) - removed };
      });
      // Only lists on screen are asked again (react-query refetches active queries; a list paged in
      // the browser has its API page query switched off).
      void queryClient.invalidateQueries({ queryKey: listKey, predicate: mayHoldDeleted });
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
