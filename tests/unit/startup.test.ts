// Start-up: error-reporting options and the tag manager snippet, only when configured.
import { afterEach, describe, expect, it } from 'vitest';
import { sampleRate, sentryOptions } from '../../src/startup/sentry';
import { GTM_SCRIPT_URL, startTagManager } from '../../src/startup/tagManager';

describe('sentryOptions', () => {
  it('is off without a DSN', () => {
    expect(sentryOptions({})).toBeNull();
    expect(sentryOptions({ VITE_SENTRY_DSN: '' })).toBeNull();
  });
  it('holds the default environment and sample rates', () => {
    expect(sentryOptions({ VITE_SENTRY_DSN: 'https://k@errors.example/1' })).toEqual({
      dsn: 'https://k@errors.example/1',
      environment: 'production',
      tracesSampleRate: 0.2,
      replaysSessionSampleRate: 0.1,
      replaysOnErrorSampleRate: 1,
    });
  });
  it('reads the session replay rate from the build setting', () => {
    expect(
      sentryOptions({ VITE_SENTRY_DSN: 'd', VITE_SENTRY_REPLAYS_SESSION_SAMPLE_RATE: '0.5' })?.replaysSessionSampleRate,
    ).toBe(0.5);
    expect(sampleRate('0', 0.1)).toBe(0);
    expect(sampleRate('', 0.1)).toBe(0.1);
    expect(sampleRate('lots', 0.1)).toBe(0.1);
    expect(sampleRate('2', 0.1)).toBe(0.1);
  });
});

describe('startTagManager', () => {
  afterEach(() => {
    document.head.querySelectorAll('script').forEach((s) => s.remove());
    delete window.dataLayer;
  });
  it('does nothing without a container id', () => {
    startTagManager(undefined);
    expect(window.dataLayer).toBeUndefined();
    expect(document.head.querySelector('script')).toBeNull();
  });
  it('pushes gtm.js to the dataLayer and loads the container script', () => {
    startTagManager('GTM-ABC123');
    expect(window.dataLayer).toEqual([expect.objectContaining({ event: 'gtm.js', 'gtm.start': expect.any(Number) })]);
    const script = document.head.querySelector('script');
    expect(script?.src).toBe(`${GTM_SCRIPT_URL}?id=GTM-ABC123`);
    expect(script?.async).toBe(true);
  });
});
