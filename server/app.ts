// Builds the Fastify instance: API under /api/v1, health, JWKS, docs and the SPA on one port.
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import cookie from '@fastify/cookie';
import type { Config } from './config';
import { fastifyTrustProxy } from './http/trustProxy';
import type { Database } from './db';
import { nameStatementsOn } from './db/statements';
import { briefError, errSerializer, loggableError } from './http/error-log';
import { prepareSecrets } from './secrets/prepare';
import { createMailer, type Mailer } from './mail/mailer';
import { registerErrorHandling } from './http/errors-plugin';
import { registerSecurity } from './http/security';
import { registerDocs } from './http/docs';
import { registerStorableText } from './http/storable-text';
import { requestForLog } from './http/log-serializers';
import guard from './auth/guard';
import authRoutes from './auth/routes';
import ssoRoutes from './sso/routes';
import csrfRoutes from './auth/csrf';
import sessionFirst from './auth/sessionFirst';
import sessionRoutes from './session/routes';
import systemRoutes from './systems/routes';
import resourceRoutes from './crud/resourceRoutes';
import systemPublicRoutes from './systems/public-routes';
import healthRoutes from './health/routes';
import spa from './spa';
import { scheduleDormantDisabling } from './users/dormantDisabler';
import { scheduleAuditPruning } from './auditLog/retention';
import { mountedOn } from './crud/dependents';
import { scheduleTrashPurge } from './crud/purge';
import { scheduleSnapshots } from './backups/snapshots';
import importRoutes from './imports/routes';
import uploadRoutes from './uploads/routes';
import { scheduleUploadSweep } from './uploads/sweep';
import { scheduleStatistics } from './db/statistics';
import { scheduleDateReminders } from './reminders/job';
import { importersOn, scheduleImports } from './imports/jobs';
import './types';
import { OPENAPI_EXTENSIONS } from './crud/extensions';

export interface BuildOptions {
  config: Config;
  database: Database;
  mailer?: Mailer;
  logger?: boolean | Record<string, unknown>;
  /** Extra resource route plugins (server/crud/resourceRoutes.ts), e.g. a test's throwaway declared resource. */
  resources?: readonly FastifyPluginAsync[];
}

export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  // Before anything else: a secret key that does not match this database stops the start (server/secrets/prepare.ts).
  await prepareSecrets(database.db, config);
  const app = Fastify({
    // A logger given as options (a test's stream) keeps the redaction and serializers.
    logger:
      typeof opts.logger === 'boolean'
        ? opts.logger
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-xsrf-token"]'],
            // `err` too: whatever logs a raw error gets its code and message, never a failed query's statement and
            // parameters.
            serializers: { req: requestForLog, err: errSerializer },
            ...opts.logger,
          },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // Collect every field error at once so a form can mark each field.
    // The declared bodies' OpenAPI extensions are annotations, not checks (server/crud/extensions.ts).
    // A file field's body is an id or the file as read (`type: ['string', 'object']`), a union on purpose.
    ajv: {
      customOptions: {
        allErrors: true,
        coerceTypes: 'array',
        removeAdditional: false,
        allowUnionTypes: true,
        keywords: OPENAPI_EXTENSIONS,
      },
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate('config', config);
  app.decorate('database', database);
  // A database failing outside any request (the PGlite worker crashed) must not go unnoticed; /readyz reports it too.
  database.onError((err) => {
    const error = loggableError(err);
    app.log.error({ error }, `Database failure: ${error.message}`);
  });
  // One line as an outage begins and one as it ends; meanwhile requests answer 503 (server/http/errors-plugin.ts).
  database.outage.onChange((event) =>
    event.state === 'down'
      ? // No stack: a database going away is expected (a restart ends every connection with 57P01).
        app.log.error(
          { error: briefError(event.error) },
          'The database is not reachable; requests answer 503 until it is back',
        )
      : app.log.warn(
          { downForMs: event.downForMs },
          `The database is reachable again after ${Math.round(event.downForMs / 1000)} s`,
        ),
  );
  app.decorate('db', database.db);
  // A PostgreSQL server keeps each connection's prepared statements: name the hot ones (server/db/statements.ts).
  if (database.kind === 'postgres') nameStatementsOn(database.db);
  app.decorate('mailer', opts.mailer ?? createMailer(config, (m) => app.log.info(m)));

  registerErrorHandling(app);
  // Before any route: text the database cannot store is refused on every route (server/http/storable-text.ts).
  registerStorableText(app);
  // The SPA sends its JSON content header on every call, DELETE included, which has no
  // body. An empty DELETE body is no body; everything else goes through Fastify's own JSON parser.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (req.method === 'DELETE' && body === '') return done(null, undefined);
    parseJson(req, body as string, done);
  });
  await registerSecurity(app);
  await app.register(cookie);
  await registerDocs(app);
  await app.register(guard);
  await app.register(csrfRoutes);
  // After both: a route needing a session refuses a caller without one before reading the body.
  await app.register(sessionFirst);
  // The declared resources the API mounts (their routes add themselves), which the trash's purge walks.
  const mounted = mountedOn(app);
  // The CSV imports of the declared resources (their routes add their importers), run as jobs.
  const importers = importersOn(app);
  await app.register(
    async (api) => {
      await api.register(authRoutes);
      await api.register(ssoRoutes);
      await api.register(sessionRoutes);
      await api.register(systemRoutes);
      await api.register(resourceRoutes, { extra: opts.resources ?? [] });
      await api.register(importRoutes);
      await api.register(uploadRoutes);
      await api.register(import('./reports/routes'));
      await api.register(import('./compliance/routes'));
    },
    { prefix: '/api/v1' },
  );
  await app.register(healthRoutes);
  await app.register(systemPublicRoutes);
  await app.register(spa);
  scheduleDormantDisabling(app, config.dormantDisableDays);
  scheduleAuditPruning(app, config.auditRetentionDays);
  scheduleTrashPurge(app, mounted, config.trashDays);
  scheduleUploadSweep(app);
  scheduleDateReminders(app, mounted);
  scheduleStatistics(app);
  scheduleSnapshots(app);
  scheduleImports(app, importers, config.importStaleSeconds * 1000);
  return app;
}
