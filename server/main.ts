// `npm start`: open the database (migrating it), seed demo data on an empty one, serve on PORT.
// Every expected start-up failure (bad setting, unreachable database, port taken) prints one clear
// line and exits 1; a stack trace means a bug.
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadConfigOrExit, redactUrl, type Config } from './config';
import { DatabaseUnreachableError, MigrationError, openDatabase, type Database } from './db';
import { buildApp } from './app';
import { loggableError, type LoggedError } from './http/error-log';
import type { SeedResult } from './db/seed';
import { seedDemo } from './db/seedHistory';
import { bootstrapFromConfig } from './db/bootstrap';
import { syncCatalogue } from './permissions/catalogue';
import { schemaProblems } from './db/schemaCheck';
import { SecretKeyError } from './secrets/prepare';
import { DECLARED_RESOURCES } from '../contract/resources';
import { DeclarationError, registryProblems } from '../contract/resources/registryCheck';

/** How long shutdown may take before the process gives up waiting (open keep-alive sockets, slow queries). */
const SHUTDOWN_TIMEOUT_MS = 10_000;
/** An unreachable host can leave a connection attempt hanging; don't wait for it forever. */
const DATABASE_TIMEOUT_MS = 20_000;

class StartupError extends Error {}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function describeDbError(err: unknown): string {
  // Drizzle wraps the driver's error ("Failed query: …") with the real one as its cause.
  let root = err as { code?: string; message?: string; errors?: { message?: string }[]; cause?: unknown };
  for (let i = 0; i < 5 && root?.cause; i++) root = root.cause as typeof root;
  const e = root;
  // node's AggregateError (IPv4 + IPv6 both refused) has an empty message; its parts say why.
  const message = e?.message || e?.errors?.map((x) => x.message).join('; ') || String(err);
  switch (e?.code) {
    case 'ECONNREFUSED':
      return 'connection refused (is PostgreSQL running and listening there?)';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'host not found';
    case '28P01':
    case '28000':
      return 'the user name or password was refused';
    case '3D000':
      return `${message} (create the database first)`;
    default:
      return message;
  }
}

async function openConfiguredDatabase(config: Config): Promise<Database> {
  if (!config.databaseUrl) {
    // PGlite's own errors (directory locked by another process, …) are already one clear line. It
    // runs in a worker thread: a slow query must not stall every other request.
    return openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite'), thread: 'worker' });
  }
  const where = redactUrl(config.databaseUrl);
  try {
    // Only connecting is timed: another instance may hold the migration lock for as long as its
    // migrations take (server/db/index.ts MIGRATION_LOCK).
    return await openDatabase({
      kind: 'postgres',
      url: config.databaseUrl,
      statementTimeoutMs: config.statementTimeoutMs,
      connectTimeoutMs: config.dbConnectTimeoutMs,
      startTimeoutMs: DATABASE_TIMEOUT_MS,
    });
  } catch (err) {
    if (err instanceof DatabaseUnreachableError) {
      throw new StartupError(
        `Olympus cannot reach the database at ${where}: no answer within ${DATABASE_TIMEOUT_MS / 1000} s. Check DATABASE_URL.`,
      );
    }
    // Connected, so the address is right: say what failed.
    if (err instanceof MigrationError)
      throw new StartupError(`Olympus could not migrate the database at ${where}: ${describeDbError(err)}.`);
    throw new StartupError(`Olympus cannot use the database at ${where}: ${describeDbError(err)}. Check DATABASE_URL.`);
  }
}

function printBanner(config: Config, seeded: SeedResult | null): void {
  const lines = [
    '',
    `  Olympus is running at ${config.publicUrl}`,
    `  Database: ${config.databaseUrl ? redactUrl(config.databaseUrl) : `embedded PGlite in ${path.resolve(config.dataDir, 'pglite')}`}`,
    `  API docs: ${config.publicUrl}/api/docs`,
  ];
  if (seeded) {
    lines.push('', '  Demo sign-ins (seeded just now):');
    for (const u of seeded.users) lines.push(`    ${u.email.padEnd(28)} ${u.note}`);
    // Only the embedded database's generated password is shown (config.ts refuses to generate one for DATABASE_URL).
    lines.push(
      seeded.passwordGenerated && !config.databaseUrl
        ? `  Password for all of them: ${seeded.password}   (random; shown only this once — set OLYMPUS_DEMO_PASSWORD to choose it)`
        : '  Password for all of them: the one in OLYMPUS_DEMO_PASSWORD',
    );
  }
  console.log(lines.join('\n') + '\n');
}

function handleSignals(app: FastifyInstance, database: Database): void {
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) {
      // A second Ctrl-C: the user does not want to wait.
      process.exit(1);
    }
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    const force = setTimeout(() => {
      console.error(`Shutdown took longer than ${SHUTDOWN_TIMEOUT_MS / 1000} s; exiting anyway.`);
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    force.unref();
    let code = 0;
    // Stop taking requests and let those in flight finish, then release mail and the database
    // (PGlite must close cleanly and drop its directory lock).
    for (const step of [() => app.close(), async () => app.mailer.close(), () => database.close()]) {
      try {
        await step();
      } catch (err) {
        code = 1;
        // loggableError's message: a failed query's own is its statement and parameters.
        console.error(`Shutdown: ${loggableError(err).message ?? String(err)}`);
      }
    }
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

async function main() {
  // A declaration naming a resource that is not declared: one line each, before anything is derived.
  const mistakes = registryProblems(DECLARED_RESOURCES);
  if (mistakes.length) fail(`Olympus cannot start: the declared resources have mistakes.\n  ${mistakes.join('\n  ')}`);
  const config = loadConfigOrExit();

  let database: Database;
  try {
    database = await openConfiguredDatabase(config);
  } catch (err) {
    fail(err instanceof Error ? err.message : String(err));
  }
  // A table or column the code declares but no migration made: stop here, saying what to run.
  const problems = await schemaProblems(database.db);
  if (problems.length) {
    await database.close().catch(() => {});
    fail(`Olympus cannot start: the database does not match the code.\n  ${problems.join('\n  ')}`);
  }

  let app: FastifyInstance | null = null;
  try {
    app = await buildApp({ config, database });
    // Every area's permissions, on an existing database too, before anything may grant them.
    const catalogue = await syncCatalogue(database.db);
    if (catalogue.added.length) app.log.info(`Permissions added to the catalogue: ${catalogue.added.join(', ')}`);
    const seeded = config.seedDemo
      ? await seedDemo(database.db, { password: config.demoPassword, publicUrl: config.publicUrl })
      : null;
    await bootstrapFromConfig(database.db, config, app.log);
    handleSignals(app, database);
    try {
      await app.listen({ port: config.port, host: config.host });
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === 'EADDRINUSE')
        throw new StartupError(
          `Port ${config.port} is already in use on ${config.host}; stop the other server or set PORT.`,
        );
      if (code === 'EACCES')
        throw new StartupError(`Not allowed to listen on port ${config.port}; choose a port above 1023 with PORT.`);
      throw err;
    }
    printBanner(config, seeded);
  } catch (err) {
    // Release the database (and PGlite's directory lock) before leaving.
    await app?.close().catch(() => {});
    app?.mailer.close();
    await database.close().catch(() => {});
    if (err instanceof StartupError || err instanceof SecretKeyError || err instanceof DeclarationError)
      fail(err.message);
    throw err;
  }
}

main().catch((err) => {
  // Each error of the chain by its kind, code and message, with its frames: a failed statement's own
  // message and stack hold the statement and its parameters (while seeding, a password hash).
  const lines: string[] = [];
  for (let e: LoggedError | undefined = loggableError(err); e; e = e.cause) {
    lines.push(`${lines.length ? 'caused by: ' : ''}${e.type}${e.code ? ` (${e.code})` : ''}: ${e.message ?? ''}`);
    if (e.stack) lines.push(e.stack);
  }
  console.error(lines.join('\n'));
  process.exit(1);
});
