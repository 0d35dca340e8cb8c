// The declared resources that bind themselves (docs/resources.md "Binding and hooks"): the resource's
// name → its `defineCrud(decl, binding, hooks)`, imported by name so every tool follows it. A
// declared resource missing here is bound to its derived table (./plainBindings.ts); one with a
// `server/<name>/binding.ts` missing here stops the start (./resourceRoutes.ts `crudOf`).
import certificateCrud from '../certificates/binding';
import companyCrud from '../companies/binding';
import propertyCrud from '../properties/binding';
import reportCrud from '../reports/binding';
import roleCrud from '../roles/binding';
import unitCrud from '../units/binding';
import userCrud from '../users/binding';
import type { Crud } from '.';

export const BINDINGS: Readonly<Record<string, Crud>> = {
  companies: companyCrud,
  properties: propertyCrud,
  units: unitCrud,
  roles: roleCrud,
  users: userCrud,
  reports: reportCrud,
  certificates: certificateCrud,
};
