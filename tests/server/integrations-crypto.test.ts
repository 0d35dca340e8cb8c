// Sealing integration secrets (server/integrations/crypto.ts): AES-256-GCM bound to its row, and the
// key: OLYMPUS_SECRET_KEY, or one generated per installation into <dataDir>/secret.key (mode 600).
import { describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { open, seal, sealContext, secretKey } from '../../server/integrations/crypto';

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'olympus-key-'));

describe('secret key', () => {
  it('uses OLYMPUS_SECRET_KEY when set, writing no file', () => {
    const dir = tmp();
    const key = randomBytes(32);
    expect(secretKey({ secretKey: key, dataDir: dir })).toBe(key);
    expect(existsSync(path.join(dir, 'secret.key'))).toBe(false);
  });

  it('otherwise generates 32 random bytes once into <dataDir>/secret.key, mode 600, and reuses them', () => {
    const dir = path.join(tmp(), 'nested', 'data');
    const first = secretKey({ secretKey: null, dataDir: dir });
    const file = path.join(dir, 'secret.key');
    expect(first).toHaveLength(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.toString('hex'));
    expect(secretKey({ secretKey: null, dataDir: dir }).equals(first)).toBe(true);
  });

  it('refuses a damaged key file rather than silently making a new key', () => {
    const dir = tmp();
    writeFileSync(path.join(dir, 'secret.key'), 'not a key');
    expect(() => secretKey({ secretKey: null, dataDir: dir })).toThrow(/secret\.key does not hold a 32-byte hex key/);
  });
});

describe('seal and open', () => {
  const key = randomBytes(32);
  const ctx = sealContext('c1', 'accounting');

  it('round-trips, with a fresh IV each time', () => {
    const a = seal(key, { client_secret: 's3cret' }, ctx);
    const b = seal(key, { client_secret: 's3cret' }, ctx);
    expect(a).not.toBe(b);
    expect(open(key, a, ctx)).toEqual({ client_secret: 's3cret' });
  });

  it('does not open with another key, another row, or after tampering', () => {
    const sealed = seal(key, { api_key: 'k' }, ctx);
    expect(open(randomBytes(32), sealed, ctx)).toBeNull();
    expect(open(key, sealed, sealContext('c2', 'accounting'))).toBeNull();
    const raw = Buffer.from(sealed, 'base64');
    raw[raw.length - 1] ^= 1;
    expect(open(key, raw.toString('base64'), ctx)).toBeNull();
    expect(open(key, 'short', ctx)).toBeNull();
    expect(open(key, '', ctx)).toBeNull();
  });
});
