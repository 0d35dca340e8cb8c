// Attack on the log: a hand-off token in the demo systems' URL (?token=…) is a live credential for
// 60 s; whoever reads the access log must not find it there, whether the redemption works or not.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openTestDatabase } from './harness';
import { createCompany, createSystem, createUser, tokenFor } from './factories';

const lines: string[] = [];
let app: FastifyInstance;
let close: () => Promise<void>;
let portal: { id: string };
let acme: { id: string };
let staffAuth: Record<string, string>;

beforeAll(async () => {
  const { database, drop } = await openTestDatabase();
  const config = loadConfig(
    {},
    {
      dataDir: mkdtempSync(path.join(os.tmpdir(), 'olympus-data-')),
      staticDir: null,
      logLevel: 'info',
      publicUrl: 'http://olympus.test',
      demoSystems: true,
    },
  );
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  app = await buildApp({ config, database, logger: { level: 'info', stream } });
  await app.ready();
  const db = database.db;
  acme = await createCompany(db, { name: 'Acme Lettings' });
  portal = await createSystem(db, 'Portal', 'http://olympus.test/demo/portal');
  const staff = await createUser(db, { role: 'system_user', companies: [acme], systems: [{ name: 'Portal' }] });
  staffAuth = await tokenFor(db, staff.id);
  close = async () => {
    await app.close();
    app.mailer.close();
    await database.close();
    await drop();
  };
});
afterAll(() => close?.());

describe('the request log never carries a hand-off token', () => {
  it('logs the demo hand-off without its query string, for a good and a bad token', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/v1/systems/${portal.id}/redirect?tenant=${acme.id}`,
      headers: staffAuth,
    });
    expect(res.statusCode).toBe(200);
    const url = new URL(res.json().data.url);
    const token = url.searchParams.get('token')!;
    const [ok, reused, bad] = [
      await app.inject({ method: 'GET', url: url.pathname + url.search }),
      await app.inject({ method: 'GET', url: url.pathname + url.search }),
      await app.inject({ method: 'GET', url: `${url.pathname}?token=forged.token.value&x=1` }),
    ];
    expect([ok.statusCode, reused.statusCode, bad.statusCode]).toEqual([200, 409, 401]);
    const log = lines.join('');
    // The demo path was logged (so the test looks at the right lines) …
    expect(log).toContain('/demo/portal/auth/olympus');
    // … but neither the token nor any query string of it.
    expect(log).not.toContain(token);
    expect(log).not.toContain(token.split('.')[2]);
    expect(log).not.toContain('forged.token.value');
    expect(log).not.toMatch(/[?&]token=/);
  });
});
