// Error reporting: Sentry starts only when VITE_SENTRY_DSN is set, loaded as its own chunk so
// builds without it (and the sign-in pages) do not carry it.
import type { BrowserOptions } from '@sentry/react';

export interface SentryEnv {
  VITE_SENTRY_DSN?: string;
  VITE_SENTRY_REPLAYS_SESSION_SAMPLE_RATE?: string;
}

export const DEFAULT_REPLAYS_SESSION_SAMPLE_RATE = 0.1;

/** A sampling rate from a build setting: a number in [0, 1], else the default. */
export function sampleRate(value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 && n <= 1 ? n : fallback;
}

/** The Sentry options except the integrations, which need the loaded SDK. */
export function sentryOptions(env: SentryEnv): BrowserOptions | null {
  if (!env.VITE_SENTRY_DSN) return null;
  return {
    dsn: env.VITE_SENTRY_DSN,
    environment: 'production',
    tracesSampleRate: 0.2,
    replaysSessionSampleRate: sampleRate(
      env.VITE_SENTRY_REPLAYS_SESSION_SAMPLE_RATE,
      DEFAULT_REPLAYS_SESSION_SAMPLE_RATE,
    ),
    replaysOnErrorSampleRate: 1,
  };
}

export async function startSentry(env: SentryEnv): Promise<void> {
  const options = sentryOptions(env);
  if (!options) return;
  const Sentry = await import('@sentry/react');
  Sentry.init({
    ...options,
    integrations: [
      Sentry.browserTracingIntegration(),
      Sentry.replayIntegration({ maskAllText: true, maskAllInputs: true, blockAllMedia: true }),
    ],
  });
}
