// Which company's records a read of a company-scoped resource may see. A request's company (its
// X-Tenant, checked by the guard) is a string; null — a read that forgot its company — sees nothing;
// EVERY_COMPANY deliberately reads every company's records: the server's own work, a request reading back
// the record it has just written, a super_admin on a resource declared everyCompany (docs/security.md "Tenancy").

/** Every company's records: never a request's choice (server/crud/operation.ts readScope says when). */
export const EVERY_COMPANY: unique symbol = Symbol('every company');

export type TenantScope = string | null | typeof EVERY_COMPANY;
