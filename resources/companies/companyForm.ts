// Where the company screens live (their screens come from the declaration: ./index.tsx).
/** The company edit screen's address, where the integration screen returns. */
export const companyEditPath = (companyId: string) => `/dashboard/company/${encodeURIComponent(companyId)}/edit`;
