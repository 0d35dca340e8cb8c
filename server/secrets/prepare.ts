// The secret key at start: a wrong key stops the start. Integration secrets and signing
// keys are sealed with OLYMPUS_SECRET_KEY (or $OLYMPUS_DATA_DIR/secret.key); a start with another
// key, or without the key file while the database holds sealed secrets, is refused rather than
// reading every secret as unset and dropping it on the next save. A constant sealed with the key
// when it is first used (secret_key_check) tells; private signing keys stored in the clear by
// earlier versions are sealed here, in place.
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { JWK } from 'jose';
import type { Db } from '../db';
import type { Config } from '../config';
import { integrationSettings, secretKeyCheck, signingKeys } from '../db/schema';
import { existingInstallationKey, keyFilePath, open, seal, sealContext, secretKey } from '../integrations/crypto';
import { isPlainJwk, sealPrivateJwk } from './signing';

export class SecretKeyError extends Error {}

const CHECK_ID = 1;
const CHECK_CONTEXT = 'olympus:secret-key-check';
const CHECK_VALUE = { check: 'olympus' };

export const SECRET_KEY_MSG = {
  mismatch: (file: string) =>
    `OLYMPUS_SECRET_KEY does not match the key this database's secrets were sealed with. Restore the original key (or ${file}) ` +
    'and start again; Olympus will not start with another key, so that no secret is lost.',
  missing: (file: string) =>
    `OLYMPUS_SECRET_KEY is not set and ${file} does not exist, but this database holds secrets sealed with a key. ` +
    'Restore the original key (as OLYMPUS_SECRET_KEY or that file) and start again; a new key could not open them.',
} as const;

/** The key each open database's secrets are sealed with, set at start (one process may hold several in tests). */
const keysByDb = new WeakMap<Db, Buffer>();

/** The secret key of this database, for code reached only with a Db (signing keys): pass app.db, not a transaction. */
export function sealingKey(db: Db): Buffer {
  const key = keysByDb.get(db);
  if (!key)
    throw new Error('The secret key of this database was not prepared (prepareSecrets runs when the app is built).');
  return key;
}

/** Whether `key` opens the sealed check constant (also how a restore tests a key: server/backups/restore.ts). */
export const opensCheck = (key: Buffer, sealed: string) =>
  open(key, sealed, CHECK_CONTEXT)?.check === CHECK_VALUE.check;

/** Whether the database holds anything sealed: the check row, integration secrets or sealed signing keys. */
async function holdsSealedSecrets(db: Db): Promise<boolean> {
  const res = await db.execute(sql`select
    exists (select 1 from ${secretKeyCheck})
    or exists (select 1 from ${integrationSettings} where ${integrationSettings.secrets} is not null)
    or exists (select 1 from ${signingKeys} where ${signingKeys.privateJwk} ? 'sealed') as sealed`);
  // Both drivers answer { rows }.
  const [row] = (res as unknown as { rows: { sealed: boolean }[] }).rows;
  return row?.sealed === true;
}

/**
 * A database from before the check row: its integration secrets must open with this key (one
 * sample row suffices — they were all sealed with the same key).
 */
async function legacySecretsOpen(db: Db, key: Buffer): Promise<boolean> {
  const [row] = await db
    .select({
      companyId: integrationSettings.companyId,
      integration: integrationSettings.integration,
      secrets: integrationSettings.secrets,
    })
    .from(integrationSettings)
    .where(isNotNull(integrationSettings.secrets))
    .limit(1);
  return !row?.secrets || open(key, row.secrets, sealContext(row.companyId, row.integration)) !== null;
}

/** Resolves and checks the secret key, seals plain signing keys, and answers the key. Throws SecretKeyError. */
export async function prepareSecrets(db: Db, config: Pick<Config, 'secretKey' | 'dataDir'>): Promise<Buffer> {
  const file = keyFilePath(config.dataDir);
  let key = config.secretKey ?? existingInstallationKey(config.dataDir);
  if (!key) {
    if (await holdsSealedSecrets(db)) throw new SecretKeyError(SECRET_KEY_MSG.missing(file));
    key = secretKey(config);
  }

  const [check] = await db
    .select({ sealed: secretKeyCheck.sealed })
    .from(secretKeyCheck)
    .where(eq(secretKeyCheck.id, CHECK_ID));
  if (check) {
    if (!opensCheck(key, check.sealed)) throw new SecretKeyError(SECRET_KEY_MSG.mismatch(file));
  } else {
    if (!(await legacySecretsOpen(db, key))) throw new SecretKeyError(SECRET_KEY_MSG.mismatch(file));
    // Several instances may start at once: the first row wins and everyone checks against it.
    await db
      .insert(secretKeyCheck)
      .values({ id: CHECK_ID, sealed: seal(key, CHECK_VALUE, CHECK_CONTEXT) })
      .onConflictDoNothing();
    const [won] = await db
      .select({ sealed: secretKeyCheck.sealed })
      .from(secretKeyCheck)
      .where(eq(secretKeyCheck.id, CHECK_ID));
    if (!won || !opensCheck(key, won.sealed)) throw new SecretKeyError(SECRET_KEY_MSG.mismatch(file));
  }

  await sealPlainSigningKeys(db, key);
  keysByDb.set(db, key);
  return key;
}

/** Private signing keys stored in the clear by earlier versions, sealed in place. */
async function sealPlainSigningKeys(db: Db, key: Buffer): Promise<void> {
  const rows = await db
    .select({ kid: signingKeys.kid, privateJwk: signingKeys.privateJwk })
    .from(signingKeys)
    .where(sql`${signingKeys.privateJwk} ? 'd'`);
  for (const row of rows) {
    if (!isPlainJwk(row.privateJwk)) continue;
    // `? 'd'` again: an instance starting at the same moment may have sealed it already.
    await db
      .update(signingKeys)
      .set({ privateJwk: sealPrivateJwk(key, row.kid, row.privateJwk as JWK) })
      .where(and(eq(signingKeys.kid, row.kid), sql`${signingKeys.privateJwk} ? 'd'`));
  }
}
