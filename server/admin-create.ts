// `npm run admin:create -- --email ops@example.com [--name "Ops Team"] [--password-stdin]`: creates the
// first super admin of a database that has none (production, DATABASE_URL), like the
// OLYMPUS_BOOTSTRAP_ADMIN_* variables but without a password in the environment. The password comes
// from standard input (--password-stdin) or is generated and shown on the terminal only — never logged,
// and never written to a pipe or file. The account must choose a new password at its first sign-in.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { text } from 'node:stream/consumers';
import { loadConfig, ConfigError, redactUrl } from './config';
import { openDatabase, type Database } from './db';
import { bootstrapAdmin } from './db/bootstrap';
import { generatePassword } from './db/seed';
import { policyErrors } from './auth/passwordPolicy';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const USAGE = 'Usage: npm run admin:create -- --email <address> [--name <name>] [--password-stdin]';

async function main() {
  let values: { email?: string; name?: string; 'password-stdin'?: boolean };
  try {
    ({ values } = parseArgs({
      options: { email: { type: 'string' }, name: { type: 'string' }, 'password-stdin': { type: 'boolean' } },
    }));
  } catch (err) {
    fail(`${err instanceof Error ? err.message : String(err)}\n${USAGE}`);
  }
  const email = values.email?.trim() ?? '';
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) fail(`--email must be an email address.\n${USAGE}`);

  let password: string;
  if (values['password-stdin']) {
    password = (await text(process.stdin)).replace(/\r?\n$/, '');
    if (policyErrors(password).length)
      fail(
        'The password must be 9 to 128 characters with upper case, lower case and a digit, and not a common password.',
      );
  } else {
    // A generated password goes to the operator's terminal only, never into a log file or pipe.
    if (!process.stdout.isTTY)
      fail(
        'Not printing a generated password to a pipe or file: run this in a terminal, or give one with --password-stdin.',
      );
    password = generatePassword();
  }

  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }
  let database: Database;
  try {
    database = config.databaseUrl
      ? await openDatabase({ kind: 'postgres', url: config.databaseUrl })
      : await openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') });
  } catch (err) {
    const where = config.databaseUrl ? redactUrl(config.databaseUrl) : path.resolve(config.dataDir, 'pglite');
    fail(`Cannot open the database at ${where}: ${err instanceof Error ? err.message : String(err)}`);
  }
  // Close the database (and PGlite's directory lock) before answering either way.
  const done = await bootstrapAdmin(database.db, { email, password, name: values.name }, config.publicUrl).finally(() =>
    database.close(),
  );
  if (!done.created) {
    fail(
      done.reason === 'email_taken'
        ? `${email} already belongs to a user; nothing was created.`
        : 'This database already has a super admin; nothing was created.',
    );
  }
  console.log(
    done.renewed
      ? `Renewed the expired temporary password of the super admin ${email}. They must choose a new password at their first sign-in, within 72 hours.`
      : `Created the super admin ${email}. They must choose a new password at their first sign-in, within 72 hours.`,
  );
  if (!values['password-stdin']) console.log(`Temporary password (shown only this once): ${password}`);
}

main().catch((err) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
