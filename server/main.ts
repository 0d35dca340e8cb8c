// `npm start`: open the database (migrating it), seed demo data on an empty one, serve on PORT.
import { loadConfig, ConfigError, redactUrl } from './config';
import { openDatabase } from './db';
import { buildApp } from './app';
import { seedIfEmpty } from './db/seed';
import path from 'node:path';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const database = await openDatabase(
    config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') },
  );
  const app = await buildApp({ config, database });
  const seeded = config.seedDemo ? await seedIfEmpty(database.db, { password: config.demoPassword }) : null;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    try {
      await app.close();
      app.mailer.close();
    } finally {
      await database.close();
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const lines = [
    '',
    `  Olympus is running at ${config.publicUrl}`,
    `  Database: ${config.databaseUrl ? redactUrl(config.databaseUrl) : `embedded PGlite in ${path.resolve(config.dataDir, 'pglite')}`}`,
  ];
  if (seeded) {
    lines.push('', '  Demo sign-ins (seeded just now):');
    for (const u of seeded.users) lines.push(`    ${u.email.padEnd(28)} ${u.note}`);
    lines.push(`  Password for all of them: ${seeded.password}${seeded.passwordGenerated ? '   (random; shown only this once — set OLYMPUS_DEMO_PASSWORD to choose it)' : ''}`);
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
