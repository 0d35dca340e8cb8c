// The four form states — loading, ready, submitting, success. The renderer shows
// "loading" until the definition arrives; from then on this reducer moves the form along. "ready"
// may carry the error line of the last attempt (validation summary or a failed save).
export type FormPhase =
  | { kind: 'loading' }
  | { kind: 'ready'; error?: string }
  | { kind: 'submitting' }
  | { kind: 'success'; message: string };

export type FormEvent =
  /** Client validation or a pre-check stopped the submit before any request. */
  | { type: 'rejected'; error: string }
  | { type: 'submit' }
  | { type: 'failed'; error: string }
  | { type: 'saved'; message: string }
  /** Every field the error line was about has been put right: the line goes. */
  | { type: 'corrected' };

export const LOADING: FormPhase = { kind: 'loading' };
export const READY: FormPhase = { kind: 'ready' };

export function nextPhase(phase: FormPhase, event: FormEvent): FormPhase {
  switch (event.type) {
    case 'rejected':
      return phase.kind === 'ready' ? { kind: 'ready', error: event.error } : phase;
    case 'submit':
      // One request at a time; nothing more once saved (the redirect is pending).
      return phase.kind === 'ready' ? { kind: 'submitting' } : phase;
    case 'failed':
      return phase.kind === 'submitting' ? { kind: 'ready', error: event.error } : phase;
    case 'saved':
      return phase.kind === 'submitting' ? { kind: 'success', message: event.message } : phase;
    case 'corrected':
      return phase.kind === 'ready' && phase.error !== undefined ? READY : phase;
  }
}

/** Busy or saved: the form must not be sent again. */
export const isLocked = (phase: FormPhase) => phase.kind !== 'ready';
