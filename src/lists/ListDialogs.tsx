// Modal questions and answers of a list (the user removal's "Are you sure?", "Deleted!", "Error").
// Held by the list, not the row: the row is gone by the time its outcome shows.
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlined';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import { useTranslate } from 'ra-core';

export type DialogTone = 'warning' | 'success' | 'error';

export interface DialogOptions {
  /** Already translated texts. */
  title: string;
  text: string;
  tone: DialogTone;
  /** Label of the button that answers yes; alerts have one button. */
  confirmLabel?: string;
  /** Label of the button that answers no (confirmations only). */
  cancelLabel?: string;
}

export interface ListDialogsApi {
  /** Resolves true when the confirm button is pressed, false when cancelled or closed. */
  confirm: (options: DialogOptions) => Promise<boolean>;
  /** Resolves when the dialog is closed. */
  alert: (options: DialogOptions) => Promise<void>;
}

const DialogsContext = createContext<ListDialogsApi | null>(null);

export function useListDialogs(): ListDialogsApi {
  const api = useContext(DialogsContext);
  if (!api) throw new Error('useListDialogs must be used inside <ListDialogsProvider>');
  return api;
}

const ICONS = { warning: WarningAmberOutlined, success: CheckCircleOutline, error: ErrorOutline } as const;
const COLORS = { warning: 'warning.main', success: 'success.main', error: 'error.main' } as const;

interface Open extends DialogOptions {
  kind: 'confirm' | 'alert';
}

export function ListDialogsProvider({ children }: { children: ReactNode }) {
  const translate = useTranslate();
  // The last dialog stays rendered while it fades out; `visible` opens and closes it.
  const [open, setOpen] = useState<Open | null>(null);
  const [visible, setVisible] = useState(false);
  const answer = useRef<(yes: boolean) => void>(() => {});

  const ask = useCallback((kind: Open['kind'], options: DialogOptions) => {
    answer.current(false); // a newer dialog answers an older one with no
    setOpen({ ...options, kind });
    setVisible(true);
    return new Promise<boolean>((resolve) => {
      answer.current = resolve;
    });
  }, []);
  const api = useMemo<ListDialogsApi>(
    () => ({
      confirm: (options) => ask('confirm', options),
      alert: async (options) => {
        await ask('alert', options);
      },
    }),
    [ask],
  );
  const close = (yes: boolean) => {
    setVisible(false);
    const resolve = answer.current;
    answer.current = () => {};
    resolve(yes);
  };

  const Icon = open ? ICONS[open.tone] : null;
  return (
    <DialogsContext.Provider value={api}>
      {children}
      <Dialog
        open={visible}
        onClose={() => close(false)}
        maxWidth="xs"
        fullWidth
        aria-labelledby="list-dialog-title"
        aria-describedby="list-dialog-text"
      >
        {open && Icon && (
          <>
            <DialogTitle id="list-dialog-title" sx={{ textAlign: 'center', pt: 3 }}>
              <Icon sx={{ display: 'block', mx: 'auto', mb: 1, fontSize: 56, color: COLORS[open.tone] }} />
              {open.title}
            </DialogTitle>
            <DialogContent>
              <DialogContentText id="list-dialog-text" sx={{ textAlign: 'center' }}>
                {open.text}
              </DialogContentText>
            </DialogContent>
            <DialogActions sx={{ justifyContent: 'center', pb: 3, gap: 1 }}>
              {open.kind === 'confirm' && (
                <Button variant="outlined" onClick={() => close(false)}>
                  {open.cancelLabel}
                </Button>
              )}
              <Button
                variant="contained"
                color={open.tone === 'warning' ? 'error' : 'primary'}
                onClick={() => close(true)}
                autoFocus
              >
                {open.confirmLabel ?? translate('olympus.lists.dialog.ok')}
              </Button>
            </DialogActions>
          </>
        )}
      </Dialog>
    </DialogsContext.Provider>
  );
}
