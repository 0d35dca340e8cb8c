// The notification area of a list: success, error, warning and info notices (e.g. "Deleting ..."),
// each dismissable with a 0.3 s fade. Kept per list rather than react-admin's global
// snackbar, because a notice stays until dismissed and belongs to the table it speaks about.
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, Fade, Stack } from '@mui/material';
import { useTranslate } from 'ra-core';

export const NOTICE_FADE_MS = 300;

export type NoticeType = 'success' | 'error' | 'warning' | 'info';

interface Notice {
  id: number;
  type: NoticeType;
  message: string;
  open: boolean;
}

export interface ListNoticesApi {
  /** Shows a notice (an already translated text); returns its id. */
  notify: (type: NoticeType, message: string) => number;
  /** Replaces a notice's text and type in place, e.g. "Deleting ..." → its outcome. */
  update: (id: number, type: NoticeType, message: string) => void;
  /** Fades the notice out, then removes it. */
  dismiss: (id: number) => void;
}

const NoticesContext = createContext<ListNoticesApi | null>(null);
const NoticesStateContext = createContext<Notice[]>([]);
const RemoveContext = createContext<(id: number) => void>(() => {});

export function useListNotices(): ListNoticesApi {
  const api = useContext(NoticesContext);
  if (!api) throw new Error('useListNotices must be used inside <ListNoticesProvider>');
  return api;
}

export function ListNoticesProvider({ children }: { children: ReactNode }) {
  const [notices, setNotices] = useState<Notice[]>([]);
  const nextId = useRef(1);

  const notify = useCallback((type: NoticeType, message: string) => {
    const id = nextId.current++;
    setNotices((list) => [...list, { id, type, message, open: true }]);
    return id;
  }, []);
  const update = useCallback((id: number, type: NoticeType, message: string) => {
    setNotices((list) => list.map((n) => (n.id === id ? { ...n, type, message } : n)));
  }, []);
  const dismiss = useCallback((id: number) => {
    setNotices((list) => list.map((n) => (n.id === id ? { ...n, open: false } : n)));
  }, []);
  const remove = useCallback((id: number) => setNotices((list) => list.filter((n) => n.id !== id)), []);
  const api = useMemo(() => ({ notify, update, dismiss }), [notify, update, dismiss]);

  return (
    <NoticesContext.Provider value={api}>
      <NoticesStateContext.Provider value={notices}>
        <RemoveContext.Provider value={remove}>{children}</RemoveContext.Provider>
      </NoticesStateContext.Provider>
    </NoticesContext.Provider>
  );
}

/** Where the notices show. */
export function ListNotices() {
  const notices = useContext(NoticesStateContext);
  const remove = useContext(RemoveContext);
  const { dismiss } = useListNotices();
  const translate = useTranslate();
  if (notices.length === 0) return null;
  return (
    <Stack spacing={1} sx={{ mb: 2 }} aria-live="polite">
      {notices.map((n) => (
        <Fade key={n.id} in={n.open} timeout={NOTICE_FADE_MS} onExited={() => remove(n.id)}>
          <Alert
            severity={n.type}
            variant="outlined"
            onClose={() => dismiss(n.id)}
            closeText={translate('olympus.lists.notice.close')}
          >
            {n.message}
          </Alert>
        </Fade>
      ))}
    </Stack>
  );
}
