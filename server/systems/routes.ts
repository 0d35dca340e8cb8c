// Connected systems (under /api/v1): the hand-off redirect for the dashboard's system cards, and the
// redemption endpoint connected systems call with the token they received.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { and, eq, isNull } from 'drizzle-orm';
import { companies, roles, systems, userSystems } from '../db/schema';
import { forbidden, notFound } from '../errors';
import { audit, requestIp } from '../audit';
import { requirePermission, TENANT_FORBIDDEN } from '../auth/guard';
import { SUPER_ADMIN } from '../../contract/roles';
import { SYSTEM_REDIRECT_PERMISSION } from '../../contract/access';
import { handoffUrl, issueHandoff, redeemHandoff, type HandoffClaims } from './handoff';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const SYSTEM_NOT_FOUND = 'System not found.';

const Message = Type.Object({ message: Type.String() });
const Tenant = Type.Union([Type.Object({ id: Type.String(), name: Type.String() }), Type.Null()]);
export const ClaimsSchema = Type.Object({
  iss: Type.String(),
  aud: Type.String(),
  sub: Type.String(),
  jti: Type.String(),
  iat: Type.Integer(),
  exp: Type.Integer(),
  email: Type.String(),
  name: Type.String(),
  tenant: Tenant,
  role: Type.Union([Type.String(), Type.Null()]),
});

export default async function systemRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/systems/:id/redirect',
    {
      schema: {
        tags: ['systems'],
        summary: 'A URL into a connected system carrying a signed, single-use hand-off token',
        params: Type.Object({ id: Type.String({ maxLength: 64 }) }),
        querystring: Type.Object({
          tenant: Type.Optional(
            Type.String({ maxLength: 64, description: 'Company id; defaults to X-Tenant, then the first company' }),
          ),
        }),
        response: {
          200: Type.Object({ data: Type.Object({ url: Type.String() }) }),
          401: Message,
          403: Message,
          404: Message,
        },
      },
    },
    async (req, reply) => {
      // Both the permission to open connected systems and, below, this very system assigned to the user.
      const auth = requirePermission(req, SYSTEM_REDIRECT_PERMISSION);
      const { id } = req.params;
      if (!UUID.test(id)) throw notFound(SYSTEM_NOT_FOUND);

      // Only a system the user was given, and only if it has somewhere to land.
      const [system] = await app.db
        .select({ id: systems.id, name: systems.name, baseUrl: systems.baseUrl, role: roles.name })
        .from(userSystems)
        .innerJoin(systems, eq(systems.id, userSystems.systemId))
        .leftJoin(roles, eq(roles.id, userSystems.roleId))
        .where(and(eq(userSystems.userId, auth.userId), eq(systems.id, id)));
      if (!system?.baseUrl) throw notFound(SYSTEM_NOT_FOUND);

      const tenantId = (req.query.tenant?.trim() || null) ?? req.tenantId ?? auth.companyIds[0] ?? null;
      let tenant: { id: string; name: string } | null = null;
      if (tenantId !== null) {
        const mine = auth.companyIds.includes(tenantId.toLowerCase()) || auth.role === SUPER_ADMIN;
        if (!UUID.test(tenantId) || !mine) throw forbidden(TENANT_FORBIDDEN);
        const [company] = await app.db
          .select({ id: companies.id, name: companies.name })
          .from(companies)
          // A company in the trash is nobody's tenant, a super admin's neither.
          .where(and(eq(companies.id, tenantId), isNull(companies.deletedAt)));
        if (!company) throw forbidden(TENANT_FORBIDDEN);
        tenant = company;
      }

      const { token, jti } = await issueHandoff(app.db, {
        issuer: app.config.publicUrl,
        user: { id: auth.userId, email: auth.email, name: auth.name },
        system,
        tenant,
        role: system.role,
      });
      const url = handoffUrl(system.baseUrl, token);
      if (!url) {
        req.log.warn({ system: system.name }, 'system base_url is not an http(s) URL');
        throw notFound(SYSTEM_NOT_FOUND);
      }
      await audit(app.db, {
        action: 'systems.handoff',
        actorId: auth.userId,
        // Into a company the guard let them use (theirs, or any for a super admin), else the user's.
        owner: tenant ? { company: tenant.id } : { user: auth.userId },
        entity: 'system',
        entityId: system.id,
        detail: { system: system.name, jti, role: system.role },
        ip: requestIp(req),
      });
      // The URL carries a live credential: keep it out of every cache.
      reply.header('cache-control', 'no-store');
      return { data: { url } };
    },
  );

  app.post(
    '/systems/handoff/redeem',
    {
      // Called server-to-server by connected systems, which hold no Olympus session or CSRF cookie.
      config: { csrf: false },
      schema: {
        tags: ['systems'],
        summary: 'Redeem a hand-off token once: verifies it and answers its claims',
        security: [],
        body: Type.Object(
          {
            token: Type.String({ minLength: 1, maxLength: 4096 }),
            audience: Type.String({
              minLength: 1,
              maxLength: 100,
              description: 'The redeeming system (lower-case name); refused if the token was meant for another',
            }),
          },
          { additionalProperties: false },
        ),
        response: { 200: Type.Object({ data: ClaimsSchema }), 401: Message, 409: Message },
      },
    },
    async (req, reply) => {
      const claims: HandoffClaims = await redeemHandoff(
        app.db,
        app.config.publicUrl,
        req.body.token,
        req.body.audience,
      );
      await audit(app.db, {
        action: 'systems.handoff_redeemed',
        actorId: claims.sub,
        // The company the signed token names, else the user's.
        owner: claims.tenant ? { company: claims.tenant.id } : { user: claims.sub },
        entity: 'system',
        entityId: null,
        detail: { system: claims.aud, jti: claims.jti },
        ip: requestIp(req),
      });
      reply.header('cache-control', 'no-store');
      return { data: claims };
    },
  );
}
