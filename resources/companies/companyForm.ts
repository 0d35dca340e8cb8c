// Where the company screens live (their screens come from the declaration: ./index.tsx).
/** SPEC §2 CompanyEdit address, where the integration screen returns. */
export const companyEditPath = (companyId: string) => `/dashboard/company/${encodeURIComponent(companyId)}/edit`;
