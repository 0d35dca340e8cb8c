// `npm run sso:dev`: a local OpenID provider standing in for Azure AD, so "Login with Azure" can be
// tried on a fresh machine. Development only: it accepts any password. Options:
//   --port N         where it listens (default 4000, or SSO_DEV_PORT)
//   --public-url U   Olympus's address, for the redirect URI (default OLYMPUS_PUBLIC_URL or http://localhost:3000)
import { parseArgs } from 'node:util';
import { DEMO_ACCOUNTS, startOidcProvider } from '../tests/support/oidc-provider';
import { redirectUriFor } from '../server/sso/settings';

// Fixed so the printed settings stay valid across restarts; this provider is for loopback only.
const CLIENT_ID = 'olympus';
const CLIENT_SECRET = 'olympus-dev-sso-secret';

const { values } = parseArgs({
  options: { port: { type: 'string' }, 'public-url': { type: 'string' } },
});
const port = Number(values.port ?? process.env.SSO_DEV_PORT ?? 4000);
const publicUrl = (values['public-url'] ?? process.env.OLYMPUS_PUBLIC_URL ?? 'http://localhost:3000').replace(
  /\/+$/,
  '',
);
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`--port must be a whole number from 1 to 65535 (got "${values.port ?? process.env.SSO_DEV_PORT}").`);
  process.exit(1);
}

// The browser may reach Olympus as localhost or 127.0.0.1; accept both spellings of the same address.
const redirectUris = new Set([redirectUriFor(publicUrl)]);
const u = new URL(publicUrl);
if (u.hostname === 'localhost') redirectUris.add(redirectUriFor(publicUrl.replace('//localhost', '//127.0.0.1')));
if (u.hostname === '127.0.0.1') redirectUris.add(redirectUriFor(publicUrl.replace('//127.0.0.1', '//localhost')));

try {
  const op = await startOidcProvider({
    port,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    redirectUris: [...redirectUris],
  });
  console.log(
    [
      '',
      `  Local OpenID provider (development only) at ${op.issuer}`,
      `  Redirect URI: ${[...redirectUris].join(', ')}`,
      '',
      '  Sign in there with any password as one of the demo users:',
      ...DEMO_ACCOUNTS.map((a) => `    ${a.email}`),
      '  Any other address signs in as a new identity with that address: Olympus lets it in only when one of',
      '  its users has it (newstarter@example.com: first a new password), else answers "We cannot log you in".',
      '',
      '  In another terminal, start Olympus against it:',
      `    OIDC_ISSUER=${op.issuer} AZURE_CLIENT_ID=${CLIENT_ID} AZURE_CLIENT_SECRET=${CLIENT_SECRET} npm start`,
      `  then open ${publicUrl}/login and click "Login with Azure". Ctrl-C stops the provider.`,
      '',
    ].join('\n'),
  );
  const stop = () => void op.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (err) {
  const code = (err as { code?: string }).code;
  if (code === 'EADDRINUSE')
    console.error(`Port ${port} is already in use; stop the other program or choose another with --port.`);
  else console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
}
