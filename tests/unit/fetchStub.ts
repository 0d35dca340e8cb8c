// fetch stubbed at the HTTP boundary for the provider unit tests: routes by "METHOD /path?query".
import { vi } from 'vitest';

export type Reply = { status: number; body?: unknown } | 'network-error';

export function stubRoutes(routes: Record<string, Reply>) {
  const calls: Array<{ method: string; url: string; body: unknown; headers: Record<string, string> }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const url = String(input);
      calls.push({
        method,
        url,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
        headers: { ...(init?.headers as Record<string, string>) },
      });
      if (url.startsWith('/sanctum/')) return { status: 204, text: async () => '' } as unknown as Response;
      const reply = routes[`${method} ${url}`] ?? { status: 404, body: { message: 'Not Found' } };
      if (reply === 'network-error') throw new TypeError('Failed to fetch');
      return {
        status: reply.status,
        text: async () => (reply.body === undefined ? '' : JSON.stringify(reply.body)),
      } as unknown as Response;
    }),
  );
  return calls;
}
