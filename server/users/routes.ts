// Users (SPEC §2 UsersIndex/Create/Edit, issue 3 contract): the users of the X-Tenant company; a
// super_admin may list everyone (?all=true) and reach any user. A new user gets a single-use link by
// mail to choose their password (./invitationDelivery.ts; SSO users a pointer to "Login with Azure"),
// as does a user whose password an administrator resets. Shrinking a user's access revokes their tokens.
// Who may give which role and change whose sign-in: ./grants.ts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { eq } from 'drizzle-orm';
import { conflict, forbidden, invalid, notFound } from '../errors';
import { users } from '../db/schema';
import { requireAuth, requireTenant } from '../auth/guard';
import type { AuthContext } from '../types';
import { accessRules } from '../resources/access';
import { auditChange } from '../resources/audit';
import { isUuid, pgError, UNIQUE_VIOLATION, type Conn } from '../resources/db';
import { MSG } from '../resources/errors';
import { answerList, listQueryProperties, listResponse } from '../resources/lists';
import { errorResponses, IdParams, MessageResponse, mutationResponse } from '../resources/schemas';
import { EmptyData, formResponse } from '../forms/schema';
import { withValues } from '../forms/fields';
import type { FormFieldGroup } from '../../contract/forms';
import { SUPER_ADMIN } from '../../contract/roles';
import { userForm } from './fields';
import { assignableCompanies, readUserInput, type UserInput } from './input';
import { mailInvitation, prepareInvitation, type PreparedInvitation } from './invitationDelivery';
import { emailChangedMail } from './emailChangedMail';
import { mailErrorForLog } from '../mail/mailer';
import { beyondReach, grantorOf, lockUser, mayGiveRole, refuseTakeover, type Holdings } from './grants';
import { companyOptions, findUser, listUsers, roleOptions, type UserRecord, type UserScope } from './queries';
import { UserCreateBody, UserListQuery, UserSchema, UserUpdateBody } from './schemas';
import { ROLE_FIELDS } from './systems';
import { insertUser, updateUser } from './writes';

export const USER_MSG = {
  notFound: 'User not found.',
  deleteSelf: 'You cannot delete your own account.',
  disableSelf: 'You cannot disable your own account.',
  superAdminOnly: 'Only a super admin can change a super admin.',
  otherCompanies: 'This user also belongs to companies you do not manage. Ask a super admin to delete them.',
  deleteMoreAccess: 'This user has access you do not hold. Ask a super admin to delete them.',
  created: 'The user has been created',
  updated: 'The user has been updated',
  deleted: 'The user has been deleted',
} as const;

const rules = accessRules('users', 'scoped');
const tags = ['users'];

/** Everyone, with all their companies: for audit rows and membership arithmetic. */
const EVERYTHING: UserScope = { tenantId: null, visibleCompanies: null };

/** One user: the tenant's for an admin; any for a super_admin (who can list them all anyway). */
export function recordScope(req: FastifyRequest, auth: AuthContext): UserScope {
  const tenantId = requireTenant(req);
  return { tenantId: auth.role === SUPER_ADMIN ? null : tenantId, visibleCompanies: assignableCompanies(auth) };
}

export async function userOr404(db: Conn, scope: UserScope, id: string): Promise<UserRecord> {
  const user = isUuid(id) ? await findUser(db, scope, id.toLowerCase()) : null;
  if (!user) throw notFound(USER_MSG.notFound);
  return user;
}

/** What the audit log keeps of a user: the fields the form changes, never a password. */
const auditView = (u: UserRecord) => ({
  name: u.name,
  email: u.email,
  username: u.username,
  bypass_sso: u.bypass_sso,
  disabled: u.disabled,
  companies: u.companies.map((c) => c.id).sort(),
  ...Object.fromEntries(ROLE_FIELDS.map((f) => [f.field, u[f.field]])),
});

const SIGN_IN_FIELDS = new Set<string>(['email', 'bypass_sso', 'disabled', 'reset_password', ...ROLE_FIELDS.map((f) => f.field)]);
const lockSignInFields = (groups: FormFieldGroup[]): FormFieldGroup[] =>
  groups.map((g) => ({ ...g, fields: g.fields.map((f) => (SIGN_IN_FIELDS.has(f.name) ? { ...f, disabled: true } : f)) }));

export function refuseSuperAdminTarget(auth: AuthContext, target: UserRecord): void {
  if (target.olympusRole?.name === SUPER_ADMIN && auth.role !== SUPER_ADMIN) throw forbidden(USER_MSG.superAdminOnly);
}

/** A taken email slipping past the check (a concurrent create) ends as the same 422. */
async function writing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (pgError(err).code === UNIQUE_VIOLATION) throw invalid({ email: [MSG.emailTaken] });
    throw err;
  }
}

/** The form offers only the roles the caller may give, plus (editing) the ones the user already has. */
async function formOptions(db: Conn, auth: AuthContext, grantor: Holdings, editing: UserRecord | null) {
  const [companies, roles] = await Promise.all([companyOptions(db, assignableCompanies(auth)), roleOptions(db)]);
  const kept = new Set(editing?.roles.map((r) => r.uuid) ?? []);
  const offered = roles.filter((r) => kept.has(r.id) || mayGiveRole(grantor, r));
  return { companies, roles: offered, mayGrantSuperAdmin: auth.role === SUPER_ADMIN || offered.some((r) => kept.has(r.id) && r.name === SUPER_ADMIN), editing: editing !== null };
}

const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const enforced = app.config.sso.enforcedDomains;

  app.get(
    '/users',
    {
      schema: {
        tags,
        summary: 'The users of the X-Tenant company (every user with ?all=true, super_admin only)',
        querystring: Type.Object({ ...listQueryProperties, ...UserListQuery }),
        response: { 200: listResponse(UserSchema), ...errorResponses },
      },
      config: { access: { ...rules('view').access, allowAll: true } },
    },
    async (req) => {
      const auth = requireAuth(req);
      // authorize() already refused ?all=true to anyone but a super_admin.
      const scope: UserScope = req.query.all
        ? EVERYTHING
        : { tenantId: requireTenant(req), visibleCompanies: assignableCompanies(auth) };
      const { plan, rows, total } = await listUsers(app.db, scope, req.query);
      return answerList(plan, rows, total);
    },
  );

  app.get(
    '/users/create',
    { schema: { tags, summary: 'Fields of the user create form', response: { 200: formResponse(EmptyData), ...errorResponses } }, config: rules('create') },
    async (req) => {
      const auth = requireAuth(req);
      const defaults = { bypass_sso: false, companies: [requireTenant(req)], ...Object.fromEntries(ROLE_FIELDS.map((f) => [f.field, ''])) };
      return { data: {}, fields: withValues(userForm(await formOptions(app.db, auth, await grantorOf(app.db, auth), null)), defaults) };
    },
  );

  app.get(
    '/users/:id',
    { schema: { tags, summary: 'One user', params: IdParams, response: { 200: Type.Object({ data: UserSchema }), ...errorResponses } }, config: rules('view') },
    async (req) => ({ data: await userOr404(app.db, recordScope(req, requireAuth(req)), req.params.id) }),
  );

  app.get(
    '/users/:id/edit',
    { schema: { tags, summary: 'The user and the edit form filled in', params: IdParams, response: { 200: formResponse(UserSchema), ...errorResponses } }, config: rules('update') },
    async (req) => {
      const auth = requireAuth(req);
      const user = await userOr404(app.db, recordScope(req, auth), req.params.id);
      const values = { ...user, companies: user.companies.map((c) => c.id), reset_password: false };
      const grantor = await grantorOf(app.db, auth);
      const fields = withValues(userForm(await formOptions(app.db, auth, grantor, user)), values);
      // A user beyond the caller's reach keeps their sign-in fields: show them locked (PUT refuses them anyway).
      const beyond = beyondReach(grantor, await userOr404(app.db, EVERYTHING, user.id));
      return { data: user, fields: beyond ? lockSignInFields(fields) : fields };
    },
  );

  app.post(
    '/users',
    {
      schema: {
        tags,
        summary: 'Create a user and email them a link to set their password',
        description:
          'Without companies the user joins the X-Tenant company. The link (72 h, single use) is only in the mail; a user whose domain must sign in through SSO is mailed a pointer to "Login with Azure" instead.',
        body: UserCreateBody,
        response: { 201: mutationResponse(UserSchema), ...errorResponses },
      },
      config: rules('create'),
    },
    async (req, reply) => {
      const auth = requireAuth(req);
      const tenant = requireTenant(req);
      const input: UserInput = await readUserInput(app.db, auth, await grantorOf(app.db, auth), req.body, null);
      const { id, invitation } = await writing(() =>
        app.db.transaction(async (tx) => {
          const userId = await insertUser(tx, {
            name: input.name as string,
            email: input.email as string,
            bypassSso: input.bypassSso ?? false,
            companies: input.companies?.length ? input.companies : [tenant],
            roles: input.roles,
          });
          const created = await userOr404(tx, EVERYTHING, userId);
          const invitation = await prepareInvitation(tx, enforced, created, auth.userId, 'invite');
          await auditChange(tx, req, { action: 'user.created', entity: 'user', entityId: userId, before: null, after: auditView(created), detail: { invited: 'sso' in invitation ? 'sso' : 'link' } });
          return { id: userId, invitation };
        }),
      );
      const user = await userOr404(app.db, { tenantId: null, visibleCompanies: assignableCompanies(auth) }, id);
      mailInvitation(app, req, user, auth.name, invitation);
      reply.code(201);
      return { data: { message: USER_MSG.created, ...user } };
    },
  );

  app.put(
    '/users/:id',
    {
      schema: {
        tags,
        summary: 'Update a user',
        description:
          'Removing a company, disabling or reset_password ends all of the user’s sessions. reset_password also stops their password working and mails them a link to set a new one (72 h, single use).',
        params: IdParams,
        body: UserUpdateBody,
        response: { 200: mutationResponse(UserSchema), ...errorResponses },
      },
      config: rules('update'),
    },
    async (req) => {
      const auth = requireAuth(req);
      const scope = recordScope(req, auth);
      const current = await userOr404(app.db, scope, req.params.id);
      refuseSuperAdminTarget(auth, current);
      if (current.id === auth.userId && req.body.disabled === true) throw conflict(USER_MSG.disableSelf);
      const grantor = await grantorOf(app.db, auth);
      // Checked first against every company of the user (a refusal costs no password hash), and
      // again inside the write below, on the locked row.
      const seen = await userOr404(app.db, EVERYTHING, current.id);
      const input = await readUserInput(app.db, auth, grantor, req.body, current);
      refuseTakeover(grantor, input, seen);

      // Memberships the caller cannot see or assign stay as they are.
      const assignable = assignableCompanies(auth);
      const wanted = input.companies;
      const { before, after, reset } = await writing(() =>
        app.db.transaction(async (tx) => {
          await lockUser(tx, current.id);
          const before = await userOr404(tx, EVERYTHING, current.id);
          refuseSuperAdminTarget(auth, before);
          refuseTakeover(grantor, input, before);
          const had = before.companies.map((c) => c.id);
          const addCompanies = wanted ? wanted.filter((id) => !had.includes(id)) : [];
          const removeCompanies = wanted ? had.filter((id) => !wanted.includes(id) && (assignable === null || assignable.includes(id))) : [];
          const emailIsUsername = before.username.toLowerCase() === before.email.toLowerCase();
          const { revoked } = await updateUser(tx, current.id, {
            name: input.name,
            email: input.email,
            username: input.email !== undefined && emailIsUsername ? input.email : undefined,
            bypassSso: input.bypassSso,
            disabled: input.disabled,
            addCompanies,
            removeCompanies,
            roles: input.roles,
            clearPassword: input.resetPassword,
          });
          const updated = await userOr404(tx, EVERYTHING, current.id);
          const reset: PreparedInvitation | null = input.resetPassword ? await prepareInvitation(tx, enforced, updated, auth.userId, 'reset') : null;
          await auditChange(tx, req, {
            action: 'user.updated',
            entity: 'user',
            entityId: current.id,
            before: auditView(before),
            after: auditView(updated),
            detail: revoked || reset ? { signed_out: revoked, reset_link: reset !== null } : null,
          });
          return { before, after: updated, reset };
        }),
      );
      if (reset) mailInvitation(app, req, after, auth.name, reset);
      if (after.email !== before.email) {
        const notice = emailChangedMail({ oldEmail: before.email, newEmail: after.email, name: after.name, changedBy: auth.name });
        app.mailer.send(notice).catch((err: unknown) => req.log.error({ mail: mailErrorForLog(err), userId: after.id }, 'email change notice failed'));
      }
      const user = await userOr404(app.db, { tenantId: null, visibleCompanies: assignable }, current.id);
      return { data: { message: USER_MSG.updated, ...user } };
    },
  );

  app.delete(
    '/users/:id',
    { schema: { tags, summary: 'Delete a user', params: IdParams, response: { 200: MessageResponse, ...errorResponses } }, config: rules('delete') },
    async (req) => {
      const auth = requireAuth(req);
      const current = await userOr404(app.db, recordScope(req, auth), req.params.id);
      if (current.id === auth.userId) throw conflict(USER_MSG.deleteSelf);
      refuseSuperAdminTarget(auth, current);
      const before = await userOr404(app.db, EVERYTHING, current.id);
      const assignable = assignableCompanies(auth);
      if (assignable !== null && before.companies.some((c) => !assignable.includes(c.id))) throw conflict(USER_MSG.otherCompanies);
      // Removing someone who reaches more than the caller is a decision for whoever holds that much.
      if (beyondReach(await grantorOf(app.db, auth), before)) throw forbidden(USER_MSG.deleteMoreAccess);
      await app.db.transaction(async (tx) => {
        await tx.delete(users).where(eq(users.id, current.id));
        await auditChange(tx, req, { action: 'user.deleted', entity: 'user', entityId: current.id, before: auditView(before), after: null });
      });
      return { data: { message: USER_MSG.deleted } };
    },
  );
};

export default userRoutes;
