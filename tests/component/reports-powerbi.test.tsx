// The Power BI viewer: powerbi-client is loaded only for a page with a Power BI report, embeds with the
// embed token, and gets a new token shortly before expiry. powerbi-client itself is replaced by a
// recording stand-in (its real embed needs app.powerbi.com).
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { freshPage, makeUser, renderApp, sessionApi, signIn, type Handler } from './shell-harness';
import { REFRESH_BEFORE_MS, RETRY_MS, scheduleTokenRefresh } from '../../src/pages/reports/tokenRefresh';
import type { ReportEntry } from '../../src/pages/reports/types';

const fake = vi.hoisted(() => {
  type Handler = (event: unknown) => void;
  const state = {
    imports: 0,
    embeds: [] as { element: HTMLElement; config: Record<string, unknown>; report: FakeReport }[],
    resets: 0,
  };
  class FakeReport {
    handlers: Record<string, Handler> = {};
    tokens: string[] = [];
    on(name: string, handler: Handler) {
      this.handlers[name] = handler;
    }
    off(name: string) {
      delete this.handlers[name];
    }
    async setAccessToken(token: string) {
      this.tokens.push(token);
    }
    emit(name: string, detail?: unknown) {
      this.handlers[name]?.({ detail });
    }
  }
  class Service {
    embed(element: HTMLElement, config: Record<string, unknown>) {
      const report = new FakeReport();
      element.appendChild(document.createElement('iframe'));
      state.embeds.push({ element, config, report });
      return report;
    }
    reset(element: HTMLElement) {
      state.resets++;
      element.replaceChildren();
    }
  }
  return { state, Service };
});

vi.mock('powerbi-client', () => {
  fake.state.imports++;
  return {
    service: { Service: fake.Service },
    factories: { hpmFactory: () => null, wpmpFactory: () => null, routerFactory: () => null },
    models: {
      TokenType: { Aad: 0, Embed: 1 },
      Permissions: { Read: 0 },
      ViewMode: { View: 0 },
      BackgroundType: { Default: 0, Transparent: 1 },
    },
  };
});

const T = { timeout: 10_000 };
const ADMIN = makeUser({ role: 'admin', permissions: ['reports.access'] });
const EMBED_URL = 'https://app.powerbi.com/reportEmbed?reportId=0b6f1c1e-2222-4d1e-9c3a-1f0e6f2a9b11&groupId=7d1c';

const powerbi = (over: Partial<ReportEntry> = {}): ReportEntry => ({
  id: 'r-pbi',
  name: 'Rent roll',
  provider: 'powerbi',
  url: EMBED_URL,
  token: 'embed-1',
  expires_at: new Date(Date.now() + 60 * 60 * 1000).toISOString(),
  ...over,
});

function open(routes: Record<string, Handler>) {
  signIn(ADMIN);
  const api = sessionApi(ADMIN, routes);
  renderApp('/dashboard/reports');
  return api;
}

describe('Reports page with Power BI', () => {
  beforeEach(freshPage);
  afterEach(() => vi.unstubAllGlobals());

  // First on purpose: the module registry remembers an import for the rest of the file.
  it('does not load powerbi-client when no Power BI report is shown', async () => {
    open({
      'GET /api/v1/reports': {
        status: 200,
        body: {
          data: {
            urls: [
              powerbi({ url: '', token: '', expires_at: null, error: 'Power BI is not configured on this server.' }),
            ],
          },
        },
      },
    });
    expect(await screen.findByText('Power BI is not configured on this server.', {}, T)).toBeInTheDocument();
    expect(fake.state.imports).toBe(0);
  });

  it('embeds the report with its embed token once powerbi-client is loaded', async () => {
    open({ 'GET /api/v1/reports': { status: 200, body: { data: { urls: [powerbi()] } } } });
    const region = await screen.findByRole('region', { name: 'Power BI report Rent roll' }, T);
    expect(fake.state.imports).toBe(1);
    await waitFor(() => expect(fake.state.embeds.at(-1)?.element).toBe(region), T);
    const embed = fake.state.embeds.at(-1)!;
    expect(embed.element).toBe(region);
    expect(embed.config).toMatchObject({
      type: 'report',
      id: '0b6f1c1e-2222-4d1e-9c3a-1f0e6f2a9b11',
      embedUrl: EMBED_URL,
      accessToken: 'embed-1',
      tokenType: 1,
    });
    expect(region.querySelector('iframe')).not.toBeNull();
    expect(screen.getByText('Loading Power BI report...')).toBeInTheDocument();
    await act(async () => embed.report.emit('loaded'));
    expect(screen.queryByText('Loading Power BI report...')).not.toBeInTheDocument();

    await act(async () =>
      embed.report.emit('error', { message: 'TokenExpired', detailedMessage: 'The embed token has expired.' }),
    );
    const section = screen.getByRole('heading', { level: 2, name: 'Rent roll' }).closest('section')!;
    expect(
      within(section).getByText('The Power BI report could not be shown: The embed token has expired.'),
    ).toBeInTheDocument();
  });

  it('fetches a new embed token shortly before expiry and hands it to the report', async () => {
    let listed = 0;
    const api = open({
      'GET /api/v1/reports': () => {
        listed++;
        // First answer: a token that is due for refresh (2 minutes + a second left: time for the first
        // embed to render on a loaded machine before the refresh is due).
        const entry =
          listed === 1
            ? powerbi({ expires_at: new Date(Date.now() + REFRESH_BEFORE_MS + 1000).toISOString() })
            : powerbi({ token: 'embed-2' });
        return { status: 200, body: { data: { urls: [entry] } } };
      },
    });
    const region = await screen.findByRole('region', { name: 'Power BI report Rent roll' }, T);
    // The region is drawn before the effect embeds into it; until then the last embed is the
    // previous test's.
    await waitFor(() => expect(fake.state.embeds.at(-1)?.element).toBe(region), T);
    const embed = fake.state.embeds.at(-1)!;
    await waitFor(() => expect(embed.report.tokens).toEqual(['embed-2']), T);
    expect(api.called('GET /api/v1/reports')).toHaveLength(2);
    expect(fake.state.embeds.at(-1)).toBe(embed); // not embedded again
  });
});

describe('scheduleTokenRefresh', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('refreshes 2 minutes before expiry, again for each new token, and retries after a failure', async () => {
    const now = Date.now();
    const answers: ({ token: string; expiresAt: string } | null)[] = [
      null,
      { token: 't2', expiresAt: new Date(now + 3_600_000).toISOString() },
    ];
    const fetchToken = vi.fn(async () => answers.shift() ?? null);
    const apply = vi.fn();
    const stop = scheduleTokenRefresh({ expiresAt: new Date(now + 10 * 60_000).toISOString(), fetchToken, apply });

    await vi.advanceTimersByTimeAsync(8 * 60_000 - 1000);
    expect(fetchToken).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetchToken).toHaveBeenCalledTimes(1); // failed: try again soon
    await vi.advanceTimersByTimeAsync(RETRY_MS);
    expect(fetchToken).toHaveBeenCalledTimes(2);
    expect(apply).toHaveBeenCalledWith('t2');

    stop();
    await vi.advanceTimersByTimeAsync(2 * 3_600_000);
    expect(fetchToken).toHaveBeenCalledTimes(2);
  });
});
