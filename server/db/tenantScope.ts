// Which company's records a read of a company-scoped resource may see. A request's company (its
// X-Tenant, checked by the guard) is a string; null — a read that forgot its company — sees nothing;
// EVERY_COMPANY is server work outside a request that deliberately reads every company's records.
// docs/security.md "Tenancy".

/** Every company's records: only for the server's own work (the seed's history), never a request's. */
export const EVERY_COMPANY: unique symbol = Symbol('every company');

export type TenantScope = string | null | typeof EVERY_COMPANY;
