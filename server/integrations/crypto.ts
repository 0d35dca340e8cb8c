// Secrets at rest: AES-256-GCM, base64(iv | tag | ciphertext), bound to their row as
// associated data so a ciphertext copied to another row does not open. Integration secrets and the
// hand-off signing keys (server/secrets/) are sealed with it.
// The key is OLYMPUS_SECRET_KEY; without it, a per-installation key is generated once into
// <dataDir>/secret.key (mode 600) — fine for one server, but every instance sharing a database
// must be given the same OLYMPUS_SECRET_KEY.
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Config } from '../config';

const IV_BYTES = 12;
const TAG_BYTES = 16;
export const KEY_FILE = 'secret.key';

const keys = new Map<string, Buffer>();

function readKeyFile(file: string): Buffer {
  const text = readFileSync(file, 'utf8').trim();
  if (!/^[0-9a-f]{64}$/i.test(text))
    throw new Error(`${file} does not hold a 32-byte hex key; restore it or set OLYMPUS_SECRET_KEY.`);
  return Buffer.from(text, 'hex');
}

export const keyFilePath = (dataDir: string) => path.resolve(dataDir, KEY_FILE);

/** The per-installation key if its file exists (never created here), else null. */
export function existingInstallationKey(dataDir: string): Buffer | null {
  const file = keyFilePath(dataDir);
  const cached = keys.get(file);
  if (cached) return cached;
  if (!existsSync(file)) return null;
  const key = readKeyFile(file);
  keys.set(file, key);
  return key;
}

/**
 * The per-installation key, created on first use; `wx` makes a concurrent second creator read the
 * first's. Start-up (server/secrets/prepare.ts) decides whether creating one is safe.
 */
function installationKey(dataDir: string): Buffer {
  const file = keyFilePath(dataDir);
  const cached = keys.get(file);
  if (cached) return cached;
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    writeFileSync(file, randomBytes(32).toString('hex') + '\n', { mode: 0o600, flag: 'wx' });
    chmodSync(file, 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const key = readKeyFile(file);
  keys.set(file, key);
  return key;
}

export function secretKey(config: Pick<Config, 'secretKey' | 'dataDir'>): Buffer {
  return config.secretKey ?? installationKey(config.dataDir);
}

export function seal(key: Buffer, values: Record<string, string>, context: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(JSON.stringify(values), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

/** The sealed values, or null when they cannot be opened (another key, another row, tampering). */
export function open(key: Buffer, sealed: string, context: string): Record<string, string> | null {
  try {
    const raw = Buffer.from(sealed, 'base64');
    if (raw.length < IV_BYTES + TAG_BYTES) return null;
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    const text = Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
      'utf8',
    );
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : null;
  } catch {
    return null;
  }
}

/** The associated data of a settings row. */
export const sealContext = (companyId: string, integration: string) =>
  `olympus:integration:${companyId}:${integration}`;
