// The History panel under a record's edit form (docs/resources.md "History"): the record's changes,
// newest first, a page at a time ("Show older changes"), and "Restore this version" after a
// confirmation. A restore is an ordinary save on the server: refused with its reasons shown here,
// or done, after which the screen loads the record afresh (onRestored).
import { useEffect, useId, useState } from 'react';
import { Box, Button, CircularProgress } from '@mui/material';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Confirm, useLogoutIfAccessDenied, useNotify, useTranslate } from 'react-admin';
import { RESTORE_MESSAGES, type HistoryEntry } from '../../contract/history';
import { loadState, PageSection } from '../layout/PageSection';
import { dateTimeText } from '../lists/dateTimeText';
import { fetchHistory, HISTORY_PAGE, HistoryError, restoreEntry } from './historyApi';
import { HistoryEntryItem } from './HistoryEntryItem';
import { RefusalAlert, type Refusal } from '../forms/RefusalAlert';

export interface HistoryPanelProps {
  /** The react-admin resource (its API path follows). */
  resource: string;
  id: string;
  /** After a restore: load the record (and this panel) afresh. Without it the history is read only (a record in the
   * trash). */
  onRestored?: () => void;
}

export function HistoryPanel({ resource, id, onRestored, title }: HistoryPanelProps & { title?: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const titleId = useId();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const [asking, setAsking] = useState<HistoryEntry | null>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const query = useInfiniteQuery({
    queryKey: ['olympus.history', resource, id],
    queryFn: ({ pageParam }) => fetchHistory(resource, id, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.length * HISTORY_PAGE < last.total ? pages.length + 1 : undefined),
    retry: false,
    refetchOnWindowFocus: false,
    // Never a remembered history: the record may have changed since.
    gcTime: 0,
  });
  const t = (key: string, options?: object) => translate(`olympus.history.${key}`, options);
  const status = query.error instanceof HistoryError ? query.error.status : null;
  useEffect(() => {
    if (status === 401) void logoutIfAccessDenied({ status });
  }, [status, logoutIfAccessDenied]);
  // Not theirs to see, or no history for this resource: the form says what there is to say.
  if (status === 401 || status === 403 || status === 404) return null;

  const entries = query.data?.pages.flatMap((p) => p.entries) ?? [];
  const timeOf = new Map(entries.map((e) => [e.id, dateTimeText(e.at)]));

  const restore = async () => {
    const entry = asking;
    if (!entry) return;
    setBusy(true);
    const answer = await restoreEntry(resource, id, entry.id);
    setBusy(false);
    setAsking(null);
    if (!answer.ok) {
      if (answer.status === 401) void logoutIfAccessDenied({ status: 401 });
      setRefusal({ message: answer.message ?? t('failed'), errors: answer.errors.filter((e) => e !== answer.message) });
      return;
    }
    setRefusal(null);
    notify(answer.message === RESTORE_MESSAGES.nothing ? 'olympus.history.nothing' : 'olympus.history.restored', {
      type: 'success',
    });
    onRestored?.();
  };

  let body = loadState(
    { isPending: query.isPending, error: query.error, data: query.data },
    { loading: t('loading'), failed: t('load_failed'), retry: t('retry'), onRetry: () => void query.refetch() },
  );
  if (!body) {
    body =
      entries.length === 0 ? (
        t('empty')
      ) : (
        <>
          <Box component="ol" aria-labelledby={titleId} sx={{ m: 0, p: 0 }}>
            {entries.map((e) => (
              <HistoryEntryItem
                key={e.id}
                entry={e}
                restoredWhen={e.restored_from ? timeOf.get(e.restored_from) : undefined}
                onRestore={onRestored ? setAsking : undefined}
                busy={busy}
              />
            ))}
          </Box>
          {query.hasNextPage && (
            <Button
              onClick={() => void query.fetchNextPage()}
              disabled={query.isFetchingNextPage}
              startIcon={query.isFetchingNextPage ? <CircularProgress size={16} aria-hidden /> : undefined}
              sx={{ mt: 1 }}
            >
              {t('more')}
            </Button>
          )}
        </>
      );
  }

  return (
    <PageSection
      title={title ?? t('title')}
      titleId={titleId}
      intro={t('intro')}
      after={
        <Confirm
          isOpen={asking !== null}
          loading={busy}
          title="olympus.history.confirm_title"
          content="olympus.history.confirm_content"
          contentTranslateOptions={{ when: asking ? dateTimeText(asking.at) : '' }}
          confirm="olympus.history.confirm"
          cancel="olympus.history.cancel"
          confirmColor="warning"
          onConfirm={() => void restore()}
          onClose={() => setAsking(null)}
        />
      }
    >
      <RefusalAlert refusal={refusal} onClose={() => setRefusal(null)} />
      {body}
    </PageSection>
  );
}
