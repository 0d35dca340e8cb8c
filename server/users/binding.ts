// Users (the users' list, create and edit screens) on the generic plugin (docs/resources.md):
// the declaration (contract/resources/users.ts: fields and inputs) and the hooks for what only users do.
// A user belongs to each company they are a member of (the tenant link user_companies); a super_admin
// reaches every user (everyCompany). The generic reads compute the rest of the record (./queries.ts:
// status, systems, roles); the generic write makes the users row from the declared columns, and the
// hooks add its derived columns, user_companies and user_systems (./writes.ts). A new user gets a
// single-use link by mail to choose their password (./invitationDelivery.ts; SSO users a pointer to
// "Login with Azure"), as does a user whose password an administrator resets, once the write has
// committed. Shrinking a user's access revokes their tokens. Who may give which role and change whose
// sign-in: ./grants.ts.
import type { FastifyRequest } from 'fastify';
import { userResource } from '../../contract/resources/users';
import type { FormFieldGroup } from '../../contract/forms';
import { SUPER_ADMIN } from '../../contract/roles';
import { requireAuth, requireTenant } from '../auth/guard';
import { userCompanies, users } from '../db/schema';
import { conflict, forbidden, invalid, notFound } from '../errors';
import { mailErrorForLog } from '../mail/mailer';
import { defineCrud, type CrudHooks, type WriteOutcome } from '../crud';
import { isUuid, pgError, UNIQUE_VIOLATION, type Conn } from '../db/conn';
import { MSG } from '../http/fieldErrors';
import type { AuthContext } from '../types';
import { emailChangedMail } from './emailChangedMail';
import { userForm } from './fields';
import { beyondReach, grantorOf, lockUser, mayGiveRole, refuseTakeover, type Holdings } from './grants';
import { assignableCompanies, readUserInput, type UserBody, type UserInput } from './input';
import { mailInvitation, prepareInvitation } from './invitationDelivery';
import {
  ACCESS_JOIN,
  companyOptions,
  findUser,
  roleOptions,
  userColumns,
  type UserRecord,
  type UserScope,
} from './queries';
import { sql } from 'drizzle-orm';
import { UserSchema } from './schemas';
import { ROLE_FIELDS } from './systems';
import { changeAccess, changedUserColumns, grantAccess, newUserColumns } from './writes';

export const USER_MSG = {
  notFound: userResource.messages.notFound,
  deleteSelf: 'You cannot delete your own account.',
  disableSelf: 'You cannot disable your own account.',
  superAdminOnly: 'Only a super admin can change a super admin.',
  otherCompanies: 'This user also belongs to companies you do not manage. Ask a super admin to delete them.',
  deleteMoreAccess: 'This user has access you do not hold. Ask a super admin to delete them.',
} as const;

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

/**
 * What the audit log keeps of a user: the fields the form changes, never a password. From a read of
 * its own rather than the generic view (the record as the caller sees it): every company, and the row
 * as locked in the write's transaction (an account-page change or a dormant disable raises no version).
 */
const auditView = (u: UserRecord) => ({
  name: u.name,
  email: u.email,
  username: u.username,
  bypass_sso: u.bypass_sso,
  disabled: u.disabled,
  companies: u.companies.map((c) => c.id).sort(),
  ...Object.fromEntries(ROLE_FIELDS.map((f) => [f.field, u[f.field]])),
});

const SIGN_IN_FIELDS = new Set<string>([
  'email',
  'bypass_sso',
  'disabled',
  'reset_password',
  ...ROLE_FIELDS.map((f) => f.field),
]);
/** How the user signs in (not what they reach): never changed here for oneself. */
const OWN_SIGN_IN_FIELDS = new Set<string>(['email', 'bypass_sso', 'reset_password']);
const OWN_SIGN_IN_HELP = 'Yours: change it on your account page, which asks for your current password.';
const lockSignInFields = (groups: FormFieldGroup[], locked: Set<string>, help?: string): FormFieldGroup[] =>
  groups.map((g) => ({
    ...g,
    fields: g.fields.map((f) =>
      locked.has(f.name) ? { ...f, disabled: true, ...(help ? { 'label-help': help } : {}) } : f,
    ),
  }));

export function refuseSuperAdminTarget(auth: AuthContext, target: UserRecord): void {
  if (target.olympusRole?.name === SUPER_ADMIN && auth.role !== SUPER_ADMIN) throw forbidden(USER_MSG.superAdminOnly);
}

/** The form offers only the roles the caller may give, plus (editing) the ones the user already has. */
async function formOptions(db: Conn, auth: AuthContext, grantor: Holdings, editing: UserRecord | null) {
  const [companies, roles] = await Promise.all([companyOptions(db, assignableCompanies(auth)), roleOptions(db)]);
  const kept = new Set(editing?.roles.map((r) => r.uuid) ?? []);
  const offered = roles.filter((r) => kept.has(r.id) || mayGiveRole(grantor, r));
  return {
    companies,
    roles: offered,
    mayGrantSuperAdmin: auth.role === SUPER_ADMIN || offered.some((r) => kept.has(r.id) && r.name === SUPER_ADMIN),
  };
}

/** The body as read (./input.ts) and whose holdings it was judged by; on update, the user as locked in the write. */
interface Parsed {
  input: UserInput;
  grantor: Holdings;
  locked?: UserRecord;
}

const asUser = (record: Record<string, unknown>) => record as unknown as UserRecord;
const enforcedDomains = (req: FastifyRequest) => req.server.config.sso.enforcedDomains;

/** A change's context as afterChange gets it, without `before` (which of the two below says it). */
type AfterCtx = Omit<Parameters<NonNullable<CrudHooks<Parsed>['afterChange']>>[0], 'before'>;

/** A new user: their memberships and roles, and the invitation, mailed once committed. */
async function afterCreate({ db, tenant, req, id, parsed: { input } }: AfterCtx): Promise<WriteOutcome> {
  const auth = requireAuth(req);
  await grantAccess(db, id, {
    companies: input.companies?.length ? input.companies : [tenant as string],
    roles: input.roles,
  });
  const invitation = await prepareInvitation(
    db,
    enforcedDomains(req),
    await userOr404(db, EVERYTHING, id),
    auth.userId,
    'invite',
  );
  return {
    detail: { invited: 'sso' in invitation ? 'sso' : 'link' },
    afterCommit: (user) => mailInvitation(req.server, req, asUser(user), auth.name, invitation),
  };
}

/**
 * A changed user (as locked by beforeChange): memberships the caller cannot see or assign stay, a role
 * per system, tokens revoked when access shrinks, a reset link; once committed, the mails.
 */
async function afterUpdate({ db, req, parsed: { input, locked } }: AfterCtx): Promise<WriteOutcome> {
  const auth = requireAuth(req);
  const before = locked as UserRecord;
  const assignable = assignableCompanies(auth);
  const wanted = input.companies;
  const had = before.companies.map((c) => c.id);
  const { revoked } = await changeAccess(db, before.id, {
    addCompanies: wanted ? wanted.filter((id) => !had.includes(id)) : [],
    removeCompanies: wanted
      ? had.filter((id) => !wanted.includes(id) && (assignable === null || assignable.includes(id)))
      : [],
    roles: input.roles,
    disabled: input.disabled,
    clearPassword: input.resetPassword,
  });
  const reset = input.resetPassword
    ? await prepareInvitation(
        db,
        enforcedDomains(req),
        await userOr404(db, EVERYTHING, before.id),
        auth.userId,
        'reset',
      )
    : null;
  return {
    detail: revoked || reset ? { signed_out: revoked, reset_link: reset !== null } : null,
    afterCommit(record) {
      const after = asUser(record);
      if (reset) mailInvitation(req.server, req, after, auth.name, reset);
      if (after.email === before.email) return;
      const notice = emailChangedMail({
        oldEmail: before.email,
        newEmail: after.email,
        name: after.name,
        changedBy: auth.name,
      });
      req.server.mailer
        .send(notice)
        .catch((err: unknown) =>
          req.log.error({ mail: mailErrorForLog(err), userId: after.id }, 'email change notice failed'),
        );
    },
  };
}

export const userCrud = defineCrud<Parsed>(
  userResource,
  // A user's companies are their memberships (user_companies), written by afterChange (./writes.ts).
  { table: users, tenantLink: { table: userCompanies, owner: 'user_id', company: 'company_id' } },
  {
    accessRecord({ req, record, action, body }) {
      const auth = requireAuth(req);
      if (action === 'delete' && record.id === auth.userId) throw conflict(USER_MSG.deleteSelf);
      refuseSuperAdminTarget(auth, asUser(record));
      if (action === 'update' && record.id === auth.userId && (body as UserBody | null)?.disabled === true)
        throw conflict(USER_MSG.disableSelf);
    },
    // What a user's record holds beyond the declared columns (./queries.ts), with every company; the caller is
    // answered only their own (afterRead).
    computed: Object.fromEntries(
      Object.entries(userColumns(null)).map(([key, column]) => [
        key,
        {
          sql: column,
          schema: UserSchema.properties[key as keyof typeof UserSchema.properties],
          // One lateral row per user holds their systems and roles (./queries.ts ACCESS_JOIN).
          joins: [{ table: ACCESS_JOIN, on: sql`true` }],
        },
      ]),
    ),
    // A user's companies as the caller may see them: an admin their own; a super_admin every one.
    afterRead({ req, record }) {
      const visible = assignableCompanies(requireAuth(req));
      if (visible === null) return record;
      const companies = (record.companies as UserRecord['companies']).filter((c) => visible.includes(c.id));
      return { ...record, companies };
    },
    audit: {
      view: async ({ db, id }) => auditView(await userOr404(db, EVERYTHING, id)),
      // The user's companies as the row is written, and those the change took away (the audit views' lists).
      owner: ({ id, before, after }) => ({
        user: id,
        companies: [before?.companies, after?.companies].flatMap((c) => (Array.isArray(c) ? c : [])),
      }),
      // The read view shows only the caller's companies of a user; so does the user's history.
      changes: ({ req, changes }) => {
        const visible = assignableCompanies(requireAuth(req));
        const companies = changes.companies;
        if (visible === null || !companies) return changes;
        const seen = (v: unknown) => (Array.isArray(v) ? v.filter((id) => visible.includes(id as string)) : v);
        const rest = { ...changes };
        delete rest.companies;
        const shown = { before: seen(companies.before), after: seen(companies.after) };
        return JSON.stringify(shown.before ?? []) === JSON.stringify(shown.after ?? [])
          ? rest
          : { ...rest, companies: shown };
      },
    },
    // Checked first against every company of the user (a refusal costs no write), and again in beforeChange, on the
    // locked row.
    async validate({ db, req, body, before }) {
      const auth = requireAuth(req);
      const grantor = await grantorOf(db, auth);
      const seen = before && (await userOr404(db, EVERYTHING, before.id as string));
      const input = await readUserInput(db, auth, grantor, body as UserBody, before && asUser(before));
      if (seen) refuseTakeover(grantor, input, seen);
      return { input, grantor };
    },
    // The users row's derived columns go with the declared ones the generic write makes.
    async beforeChange({ db, req, values, before, parsed }) {
      if (!before) {
        Object.assign(values, newUserColumns(values.email as string));
        return;
      }
      await lockUser(db, before.id as string);
      const locked = (parsed.locked = await userOr404(db, EVERYTHING, before.id as string));
      refuseSuperAdminTarget(requireAuth(req), locked);
      refuseTakeover(parsed.grantor, parsed.input, locked);
      const { disabled, resetPassword } = parsed.input;
      const usernameIsEmail = locked.username.toLowerCase() === locked.email.toLowerCase();
      Object.assign(
        values,
        changedUserColumns({
          email: values.email as string | undefined,
          usernameIsEmail,
          disabled,
          clearPassword: resetPassword,
        }),
      );
    },
    // After the generic write of the users row: memberships and roles (./writes.ts), the invitation or reset link.
    afterChange: ({ before, ...ctx }) => (before ? afterUpdate(ctx) : afterCreate(ctx)),
    async beforeDelete({ db, req, record }) {
      const auth = requireAuth(req);
      const before = await userOr404(db, EVERYTHING, record.id as string);
      const assignable = assignableCompanies(auth);
      if (assignable !== null && before.companies.some((c) => !assignable.includes(c.id)))
        throw conflict(USER_MSG.otherCompanies);
      // Removing someone who reaches more than the caller is a decision for whoever holds that much.
      if (beyondReach(await grantorOf(db, auth), before)) throw forbidden(USER_MSG.deleteMoreAccess);
    },
    // A taken email slipping past the check (a concurrent create) ends as the same 422.
    afterError: (err, action) =>
      action !== 'delete' && pgError(err).code === UNIQUE_VIOLATION ? invalid({ email: [MSG.emailTaken] }) : undefined,
    async form({ db, req, tenant, record, groups, values }) {
      const auth = requireAuth(req);
      const grantor = await grantorOf(db, auth);
      const fields = userForm(await formOptions(db, auth, grantor, record && asUser(record)), groups);
      // The declared defaults or the record, with companies as ids and the role fields (none on create).
      if (!record)
        return {
          groups: fields,
          values: { ...values, companies: [tenant], ...Object.fromEntries(ROLE_FIELDS.map((f) => [f.field, ''])) },
        };
      const edited = { ...values, companies: asUser(record).companies.map((c) => c.id), reset_password: false };
      // A user beyond the caller's reach keeps their sign-in fields, and so does the caller (their
      // account page changes them): show them locked (PUT refuses them anyway).
      if (record.id === auth.userId)
        return { groups: lockSignInFields(fields, OWN_SIGN_IN_FIELDS, OWN_SIGN_IN_HELP), values: edited };
      const beyond = beyondReach(grantor, await userOr404(db, EVERYTHING, record.id as string));
      return { groups: beyond ? lockSignInFields(fields, SIGN_IN_FIELDS) : fields, values: edited };
    },
  },
);

/** This resource's binding, named in server/crud/bindings.ts (docs/resources.md "Binding and hooks"). */
export default userCrud;
