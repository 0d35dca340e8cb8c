// Per-company integration settings: plain fields in `settings` (jsonb), secret fields sealed in `secrets`.
import { and, eq, sql } from 'drizzle-orm';
import { integrationSettings } from '../db/schema';
import type { Conn } from '../db/conn';
import { open, seal, sealContext } from './crypto';
import type { IntegrationDef } from './catalogue';
import { ApiError } from '../errors';

/** Refusing beats replacing secrets nobody can read any more with only the fields of this form. */
export const UNREADABLE_SECRETS_MSG =
  'The saved secrets of this integration cannot be decrypted with this server’s secret key, so nothing was saved. ' +
  'Restore the original OLYMPUS_SECRET_KEY and try again.';

export interface StoredSettings {
  settings: Record<string, unknown>;
  secrets: Record<string, string>;
  /**
   * False when sealed secrets exist but cannot be opened (tampered with, or copied from another
   * row): the form shows them unset, but saving is refused (saveSettings) rather than dropping them.
   */
  secretsReadable: boolean;
}

export async function loadSettings(
  db: Conn,
  key: Buffer,
  companyId: string,
  def: IntegrationDef,
): Promise<StoredSettings> {
  const [row] = await db
    .select({ settings: integrationSettings.settings, secrets: integrationSettings.secrets })
    .from(integrationSettings)
    .where(and(eq(integrationSettings.companyId, companyId), eq(integrationSettings.integration, def.value)));
  if (!row) return { settings: {}, secrets: {}, secretsReadable: true };
  const secrets = row.secrets ? open(key, row.secrets, sealContext(companyId, def.value)) : {};
  return { settings: row.settings ?? {}, secrets: secrets ?? {}, secretsReadable: secrets !== null };
}

export async function saveSettings(
  tx: Conn,
  key: Buffer,
  companyId: string,
  def: IntegrationDef,
  settings: Record<string, unknown>,
  secrets: Record<string, string>,
): Promise<void> {
  const context = sealContext(companyId, def.value);
  // Checked here, in the saving transaction and with the row locked: the caller's `secrets` merged
  // what it could read, so sealed values that do not open would be lost by this write.
  const [current] = await tx
    .select({ secrets: integrationSettings.secrets })
    .from(integrationSettings)
    .where(and(eq(integrationSettings.companyId, companyId), eq(integrationSettings.integration, def.value)))
    .for('update');
  if (current?.secrets && open(key, current.secrets, context) === null) throw new ApiError(409, UNREADABLE_SECRETS_MSG);
  const sealed = Object.keys(secrets).length ? seal(key, secrets, context) : null;
  await tx
    .insert(integrationSettings)
    .values({ companyId, integration: def.value, settings, secrets: sealed })
    .onConflictDoUpdate({
      target: [integrationSettings.companyId, integrationSettings.integration],
      set: { settings, secrets: sealed, updatedAt: sql`now()` },
    });
}
