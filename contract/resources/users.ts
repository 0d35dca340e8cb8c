// Users (the users' list, create and edit screens), declared once (docs/resources.md): the users of the X-Tenant
// company. Only the columns the generic plugin reads as they are (name, email, the SSO bypass) are
// fields here; what a form sends beyond them (companies, a role per system, disabled, a password reset)
// are inputs, which the server's hooks check and write (server/users/binding.ts), as they compute the rest
// of the record (status, systems, roles).
import { checkbox, declareResource, email, group, text } from './declare';
import { checkboxInput, refInput, refsInput } from './inputs';

/** RFC 5321 caps an address at 254 characters. */
export const EMAIL_MAX = 254;

export const userResource = declareResource({
  name: 'users',
  spa: 'users',
  noun: { one: 'user', many: 'users' },
  area: 'users',
  nav: { order: 20 },
  tenancy: 'scoped',
  // A super_admin reaches every user, of every company; a user of several companies is one record.
  everyCompany: true,
  // Deleted for good: the remove dialog promises it, and a restore would hand access back.
  trash: false,
  fields: {
    ...group('User', {
      name: text('Name', { required: true }),
      email: email('Email address', { required: true, maxlength: EMAIL_MAX }),
      bypass_sso: checkbox('Allow email and password sign-in', {
        help: 'Lets this user sign in with a password even where single sign-on is required',
      }),
    }),
  },
  inputs: {
    ...group('User', {
      disabled: checkboxInput('Disabled', {
        on: 'update',
        help: 'A disabled user cannot sign in; their sessions end at once',
      }),
      reset_password: checkboxInput('Email a link to set a new password', {
        on: 'update',
        help: 'Their current password stops working, their sessions end and they are emailed a link to choose a new one (72 hours, works once)',
      }),
    }),
    ...group('Companies', { companies: refsInput('Companies', 'companies', { maxItems: 1000 }) }),
    // A role per system (server/users/systems.ts); none: no access to that system.
    ...group('System access', {
      olympus_role_uuid: refInput('Olympus role', 'roles'),
      everest_role_uuid: refInput('Everest role', 'roles'),
      portal_role_uuid: refInput('Portal role', 'roles'),
    }),
  },
  list: { columns: ['name', 'email'], sort: ['name', 'email'], search: ['name', 'email'] },
  // No bulk changes: a user's writes have their own rules (roles per system, memberships, sign-in) and
  // their remove asks about other companies; docs/resources.md "Bulk changes".
  bulk: false,
  // No import: a user's create invites and grants access, which a file of rows must not do unseen (docs/resources.md
  // "Import").
  import: false,
  summaries: {
    list: 'The users of the X-Tenant company (every user with ?all=true, super_admin only)',
    editForm: 'The user and the edit form filled in',
    create: 'Create a user and email them a link to set their password',
  },
  descriptions: {
    list: '',
    create:
      'Without companies the user joins the X-Tenant company. The link (72 h, single use) is only in the mail; a user whose domain must sign in through SSO is mailed a pointer to "Login with Azure" instead.',
    update:
      'Removing a company, disabling or reset_password ends all of the user’s sessions. reset_password also stops their password working and mails them a link to set a new one (72 h, single use).',
  },
});
