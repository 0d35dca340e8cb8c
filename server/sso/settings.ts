// Which OpenID provider Olympus signs in with: OIDC_ISSUER for any provider, or Azure AD
// by tenant id. SSO counts as configured only with an issuer, a client id and a client secret.
import type { Config } from '../config';

export interface SsoSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Set for Azure AD: ID tokens must then carry this `tid`. */
  azureTenantId: string | null;
  redirectUri: string;
}

export const azureIssuer = (tenantId: string) =>
  `https://login.microsoftonline.com/${encodeURIComponent(tenantId)}/v2.0`;

/** The SPA route the provider sends the browser back to (the Azure callback screen). */
export const redirectUriFor = (publicUrl: string) => `${publicUrl.replace(/\/+$/, '')}/login/azure/callback`;

const AZURE_TENANT_ISSUER = /^https:\/\/login\.microsoftonline\.com\/([^/]+)\/v2\.0\/?$/;
const AZURE_SHARED_TENANTS = new Set(['common', 'organizations', 'consumers']);

/** OIDC_ISSUER naming one Azure tenant means Azure's rules for that tenant, as with AZURE_TENANT_ID. */
function tenantOfIssuer(issuer: string | null): string | null {
  const tenant = issuer ? AZURE_TENANT_ISSUER.exec(issuer)?.[1] : undefined;
  return tenant && !AZURE_SHARED_TENANTS.has(tenant.toLowerCase()) ? decodeURIComponent(tenant) : null;
}

export function ssoSettings(config: Config): SsoSettings | null {
  const { clientId, clientSecret } = config.sso;
  const issuer = config.sso.issuer ?? (config.sso.azureTenantId ? azureIssuer(config.sso.azureTenantId) : null);
  if (!issuer || !clientId || !clientSecret) return null;
  const azureTenantId = config.sso.azureTenantId ?? tenantOfIssuer(issuer);
  return { issuer, clientId, clientSecret, azureTenantId, redirectUri: redirectUriFor(config.publicUrl) };
}

/** The settings that are missing when only some were given (a likely typo worth a warning at start). */
export function missingSsoSettings(config: Config): string[] {
  const { azureTenantId, clientId, clientSecret, issuer } = config.sso;
  if (!azureTenantId && !clientId && !clientSecret && !issuer) return [];
  const missing: string[] = [];
  if (!issuer && !azureTenantId) missing.push('OIDC_ISSUER or AZURE_TENANT_ID');
  if (!clientId) missing.push('AZURE_CLIENT_ID');
  if (!clientSecret) missing.push('AZURE_CLIENT_SECRET');
  return missing;
}
