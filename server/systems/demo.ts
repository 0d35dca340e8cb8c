// DEMO STAND-INS, not part of the product: tiny pages posing as the connected systems Everest and
// Portal, so the dashboard's system cards complete a real hand-off on a fresh machine. The demo seed
// points those systems' base_url here (${OLYMPUS_PUBLIC_URL}/demo/everest, …). A real system would
// verify the token against /.well-known/jwks.json and call POST /api/v1/systems/handoff/redeem with
// its own audience; these redeem in-process, with their slug as the audience. Disable with
// OLYMPUS_DEMO_SYSTEMS=false.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ApiError } from '../errors';
import { audit, requestIp } from '../audit';
import { redeemHandoff, INVALID_HANDOFF } from './handoff';

export const DEMO_SYSTEMS = { everest: 'Everest', portal: 'Portal' } as const;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

function page(title: string, body: string, back: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#222}small{color:#666}</style>
</head><body><h1>${escapeHtml(title)}</h1><p>${body}</p>
<p><a href="${escapeHtml(back)}">Back to Olympus</a></p>
<p><small>Demo stand-in served by Olympus (OLYMPUS_DEMO_SYSTEMS); not a real connected system.</small></p></body></html>`;
}

export default async function demoSystems(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const back = `${app.config.publicUrl}/dashboard`;

  for (const [slug, system] of Object.entries(DEMO_SYSTEMS)) {
    app.get(
      `/${slug}/auth/olympus`,
      {
        config: { csrf: false },
        schema: { hide: true, querystring: Type.Object({ token: Type.Optional(Type.String({ maxLength: 4096 })) }) },
      },
      async (req, reply) => {
        reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
        try {
          const claims = await redeemHandoff(app.db, app.config.publicUrl, req.query.token ?? '', slug);
          await audit(app.db, {
            action: 'systems.handoff_redeemed',
            actorId: claims.sub,
            owner: claims.tenant ? { company: claims.tenant.id } : { user: claims.sub },
            entity: 'system',
            detail: { system: claims.aud, jti: claims.jti, demo: true },
            ip: requestIp(req),
          });
          const who = `${escapeHtml(claims.name)} (${escapeHtml(claims.email)})`;
          const company = claims.tenant ? ` for ${escapeHtml(claims.tenant.name)}` : '';
          const role = claims.role ? `<br>Role in ${system}: ${escapeHtml(claims.role)}` : '';
          return page(system, `Signed in to ${system} as ${who}${company}${role}`, back);
        } catch (err) {
          if (!(err instanceof ApiError)) throw err;
          return reply.code(err.statusCode).send(page(system, escapeHtml(err.message || INVALID_HANDOFF), back));
        }
      },
    );
  }
}
