// A delete refused because the record changed since the list showed it (409 with a conflict,
// docs/resources.md "Versions and conflicts") asks again: what changed, by whom and when, then
// "Delete anyway" (based on the version now) or "Keep it" (the list loads the record as it is now).
import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useResourceContext, useTranslate, type RaRecord } from 'ra-core';
import { conflictOf, type RecordConflict } from '../../contract/conflicts';
import { dateTimeText } from './dateTimeText';
import { useListDialogs } from './ListDialogs';
import { useRemoveRecord } from './useRemoveRecord';

/** What came of asking again: deleted anyway, kept, or null when the error was no such conflict. */
export type ChangedDeleteOutcome = 'deleted' | 'kept' | null;

/** The conflict of a delete refused because the record changed since it was shown, else null. */
export function changedConflictOf(error: unknown): RecordConflict | null {
  const e = (error ?? {}) as { status?: unknown; body?: unknown };
  return e.status === 409 ? conflictOf(e.body) : null;
}

export function useChangedDelete(): (record: RaRecord, error: unknown) => Promise<ChangedDeleteOutcome> {
  const translate = useTranslate();
  const dialogs = useListDialogs();
  const remove = useRemoveRecord();
  const queryClient = useQueryClient();
  const resource = useResourceContext() ?? '';
  return useCallback(
    async (record: RaRecord, error: unknown) => {
      const conflict = changedConflictOf(error);
      if (!conflict) return null;
      const lines = conflict.changes.map((c) => {
        const field = translate(`resources.${resource}.fields.${c.field}`, { _: c.label ?? c.field });
        const at = dateTimeText(c.at);
        return c.by
          ? translate('olympus.lists.remove.changed_one', { field, name: c.by.name, at })
          : translate('olympus.lists.remove.changed_system', { field, at });
      });
      const yes = await dialogs.confirm({
        tone: 'warning',
        title: translate('olympus.lists.remove.changed_title'),
        text: translate('olympus.lists.remove.changed_text', {
          changes: lines.join(' ') || translate('olympus.lists.remove.changed_unknown'),
        }),
        confirmLabel: translate('olympus.lists.remove.changed_yes'),
        cancelLabel: translate('olympus.lists.remove.changed_no'),
      });
      if (!yes) {
        // The list shows the record as it is now, so a later delete is based on what is seen.
        void queryClient.invalidateQueries({ queryKey: [resource, 'getList'] });
        return 'kept';
      }
      await remove(record, { version: conflict.version });
      return 'deleted';
    },
    [translate, dialogs, remove, queryClient, resource],
  );
}
