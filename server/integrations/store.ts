// Per-company integration settings: plain fields in `settings` (jsonb), secret fields sealed in `secrets`.
import { and, eq, sql } from 'drizzle-orm';
import { integrationSettings } from '../db/schema';
import type { Conn } from '../resources/db';
import { open, seal, sealContext } from './crypto';
import type { IntegrationDef } from './catalogue';

export interface StoredSettings {
  settings: Record<string, unknown>;
  secrets: Record<string, string>;
  /** False when sealed secrets exist but cannot be opened (the key changed): they count as unset. */
  secretsReadable: boolean;
}

export async function loadSettings(db: Conn, key: Buffer, companyId: string, def: IntegrationDef): Promise<StoredSettings> {
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
  const sealed = Object.keys(secrets).length ? seal(key, secrets, sealContext(companyId, def.value)) : null;
  await tx
    .insert(integrationSettings)
    .values({ companyId, integration: def.value, settings, secrets: sealed })
    .onConflictDoUpdate({
      target: [integrationSettings.companyId, integrationSettings.integration],
      set: { settings, secrets: sealed, updatedAt: sql`now()` },
    });
}
