// Company integrations (the company's integration edit screen). Barred for admin by the access table
// (contract/access.ts) and for system_user by the server too. Each catalogue entry gets its own edit
// and update routes, so each body has its own schema (and docs); an unknown integration answers 404.
// A custom role holding integrations.* reaches only its own companies' integrations
// (../companies/reach.ts).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { notFound } from '../errors';
import { accessRules, INTEGRATIONS_ALSO_BARRED } from '../http/routeAccess';
import { auditChange } from '../crud/changeAudit';
import type { Conn } from '../db/conn';
import { FieldErrors } from '../http/fieldErrors';
import { errorResponses, IdParams, MessageResponse } from '../http/schemas';
import { cleanText } from '../crud/values';
import { formResponse } from '../forms/schema';
import { reachableCompanyOr404 } from '../companies/binding';
import { requireAuth } from '../auth/guard';
import { INTEGRATIONS, type IntegrationDef } from './catalogue';
import { secretKey } from './crypto';
import { integrationForm } from './fields';
import { integrationBody, IntegrationListResponse, IntegrationParams, IntegrationRef, PHONE_MIN } from './schemas';
import { loadSettings, saveSettings, type StoredSettings } from './store';

export const INTEGRATION_MSG = {
  notFound: 'Integration not found.',
  updated: (label: string) => `${label} settings have been updated`,
  phoneShort: (field: string) => `The ${field.replace(/_/g, ' ')} must be at least ${PHONE_MIN} characters.`,
} as const;

const rules = accessRules('integrations', 'global', { alsoBarred: INTEGRATIONS_ALSO_BARRED });
const tags = ['integrations'];

const companyOr404 = (db: Conn, req: FastifyRequest, id: string) => reachableCompanyOr404(db, requireAuth(req), id);

/** What the audit log keeps: plain values, and only whether each secret is set. */
function auditView(def: IntegrationDef, stored: Pick<StoredSettings, 'settings' | 'secrets'>): Record<string, unknown> {
  return Object.fromEntries(
    def.fields.map((f) => [
      f.name,
      f.secret ? (stored.secrets[f.name] ? 'set' : null) : (stored.settings[f.name] ?? null),
    ]),
  );
}

/** Body → the settings to store. Absent fields keep their value; a blank secret keeps the old one. */
function merge(def: IntegrationDef, body: Record<string, unknown>, stored: StoredSettings) {
  const errors = new FieldErrors();
  const settings: Record<string, unknown> = { ...stored.settings };
  const secrets: Record<string, string> = { ...stored.secrets };
  const changedSecrets: string[] = [];
  for (const f of def.fields) {
    if (!Object.hasOwn(body, f.name) || body[f.name] === undefined) continue;
    const raw = body[f.name];
    if (f.type === 'checkbox') {
      settings[f.name] = raw === true;
      continue;
    }
    const value = cleanText(raw as string | null);
    if (f.secret) {
      if (value !== null && value !== secrets[f.name]) {
        secrets[f.name] = value;
        changedSecrets.push(f.name);
      }
      continue;
    }
    if (f.type === 'tel' && value !== null && value.length < PHONE_MIN)
      errors.add(f.name, INTEGRATION_MSG.phoneShort(f.name));
    settings[f.name] = value;
  }
  errors.throwIfAny();
  return { settings, secrets, changedSecrets };
}

const integrationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const key = () => secretKey(app.config);

  app.get(
    '/company/:id/integrations',
    {
      schema: {
        tags,
        summary: 'The integrations a company can connect',
        params: IdParams,
        response: { 200: IntegrationListResponse, ...errorResponses },
      },
      config: rules('view'),
    },
    async (req) => {
      await companyOr404(app.db, req, req.params.id);
      return { data: { integrations: INTEGRATIONS.map((i) => ({ value: i.value, label: i.label })) } };
    },
  );

  const editForm = async (req: FastifyRequest, companyId: string, def: IntegrationDef) => {
    const company = await companyOr404(app.db, req, companyId);
    const stored = await loadSettings(app.db, key(), company.id, def);
    if (!stored.secretsReadable)
      req.log.warn(
        { company: company.id, integration: def.value },
        'integration secrets cannot be decrypted with the current key',
      );
    return { data: { value: def.value, label: def.label }, fields: integrationForm(def, stored) };
  };

  for (const def of INTEGRATIONS) {
    app.get(
      `/companies/:id/integrations/${def.value}/edit`,
      {
        schema: {
          tags,
          summary: `The ${def.label} settings form (secrets never included)`,
          params: IdParams,
          response: { 200: formResponse(IntegrationRef), ...errorResponses },
        },
        config: rules('update'),
      },
      (req) => editForm(req, req.params.id, def),
    );

    app.put(
      `/companies/:id/integrations/${def.value}`,
      {
        schema: {
          tags,
          summary: `Update the ${def.label} settings`,
          description: 'Secret fields are write-only: a blank one keeps the stored value.',
          params: IdParams,
          body: integrationBody(def),
          response: { 200: MessageResponse, ...errorResponses },
        },
        config: rules('update'),
      },
      async (req) => {
        const company = await companyOr404(app.db, req, req.params.id);
        const stored = await loadSettings(app.db, key(), company.id, def);
        const next = merge(def, req.body as Record<string, unknown>, stored);
        await app.db.transaction(async (tx) => {
          await saveSettings(tx, key(), company.id, def, next.settings, next.secrets);
          await auditChange(tx, req, {
            action: 'integration.updated',
            owner: { company: company.id },
            entity: 'integration',
            entityId: `${company.id}:${def.value}`,
            before: auditView(def, stored),
            after: auditView(def, next),
            detail: next.changedSecrets.length ? { write_only_changed: next.changedSecrets } : null,
          });
        });
        return { data: { message: INTEGRATION_MSG.updated(def.label) } };
      },
    );
  }

  // Anything not in the catalogue: the same checks, then 404 (static routes above win over these).
  const unknown = async (req: FastifyRequest<{ Params: { id: string; integration: string } }>) => {
    await companyOr404(app.db, req, req.params.id);
    throw notFound(INTEGRATION_MSG.notFound);
  };
  app.get(
    '/companies/:id/integrations/:integration/edit',
    {
      schema: {
        tags,
        summary: 'Not in the catalogue: 404',
        params: IntegrationParams,
        response: { ...errorResponses },
      },
      config: rules('update'),
    },
    unknown,
  );
  app.put(
    '/companies/:id/integrations/:integration',
    {
      schema: {
        tags,
        summary: 'Not in the catalogue: 404',
        params: IntegrationParams,
        body: Type.Unknown(),
        response: { ...errorResponses },
      },
      config: rules('update'),
    },
    unknown,
  );
};

export default integrationRoutes;
