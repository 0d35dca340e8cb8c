// The integrations a company can connect: defined in code, settings stored per company in
// integration_settings. Fields marked `secret` are encrypted at rest and never sent back.

export type IntegrationFieldType = 'text' | 'url' | 'password' | 'tel' | 'checkbox';

export interface IntegrationField {
  name: string;
  label: string;
  type: IntegrationFieldType;
  /** Encrypted at rest, write-only. */
  secret?: boolean;
  help?: string;
}

export interface IntegrationDef {
  /** URL segment and storage key. */
  value: string;
  label: string;
  description: string;
  fields: readonly IntegrationField[];
}

export const INTEGRATIONS: readonly IntegrationDef[] = [
  {
    value: 'accounting',
    label: 'Accounting (Xero)',
    description: 'Posts rent receipts and supplier invoices to the company’s Xero organisation.',
    fields: [
      {
        name: 'tenant_id',
        label: 'Xero tenant ID',
        type: 'text',
        help: 'The organisation to post to, from Xero’s connections list',
      },
      { name: 'client_id', label: 'Client ID', type: 'text' },
      { name: 'client_secret', label: 'Client secret', type: 'password', secret: true },
    ],
  },
  {
    value: 'maintenance',
    label: 'Maintenance (Fixflo)',
    description: 'Raises and tracks repair jobs in Fixflo.',
    fields: [
      { name: 'api_url', label: 'API URL', type: 'url', help: 'For example https://yourcompany.fixflo.com/api/v2' },
      { name: 'api_key', label: 'API key', type: 'password', secret: true },
      {
        name: 'out_of_hours_phone',
        label: 'Out-of-hours phone',
        type: 'tel',
        help: 'Given to tenants reporting an emergency',
      },
    ],
  },
  {
    value: 'portal-feed',
    label: 'Property portal feed (Rightmove)',
    description: 'Publishes available units to Rightmove.',
    fields: [
      { name: 'branch_id', label: 'Branch ID', type: 'text' },
      { name: 'feed_url', label: 'Feed URL', type: 'url' },
      { name: 'enabled', label: 'Send listings to the portal', type: 'checkbox' },
    ],
  },
];

export const findIntegration = (value: string): IntegrationDef | undefined =>
  INTEGRATIONS.find((i) => i.value === value);

export const secretFields = (def: IntegrationDef) => def.fields.filter((f) => f.secret);
export const plainFields = (def: IntegrationDef) => def.fields.filter((f) => !f.secret);

// A password field that were not secret would be echoed back; a secret that were not a password field
// would be shown. Refuse either at start.
for (const def of INTEGRATIONS) {
  for (const f of def.fields) {
    if ((f.type === 'password') !== (f.secret === true))
      throw new Error(`integration ${def.value}.${f.name}: password fields and secrets must coincide`);
  }
}
