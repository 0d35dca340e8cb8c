// Provider settings (reports.settings jsonb), checked per provider when a report is saved. Field
// errors are keyed `settings.<name>` so a form can mark the very field.
import type { ProviderName } from './providers/types';

export interface PowerBiSettings {
  workspace_id: string;
  report_id: string;
  /** The dataset the RLS identity applies to; defaults to the report's own dataset. */
  dataset_id?: string;
  /** Row-level security roles applied with the company id as the effective user name. */
  rls_roles?: string[];
}

export type FieldErrors = Record<string, string[]>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_ROLES = 20;
const MAX_ROLE_LENGTH = 100;

const label = (field: string) => field.replace(/_/g, ' ');

function add(errors: FieldErrors, field: string, message: string) {
  (errors[`settings.${field}`] ??= []).push(message);
}

function guid(raw: Record<string, unknown>, field: string, required: boolean, errors: FieldErrors): string | undefined {
  const v = raw[field];
  if (v === undefined || v === null || v === '') {
    if (required) add(errors, field, `The ${label(field)} field is required.`);
    return undefined;
  }
  if (typeof v !== 'string' || !UUID.test(v.trim())) {
    add(errors, field, `The ${label(field)} must be a valid id (a GUID).`);
    return undefined;
  }
  return v.trim().toLowerCase();
}

function roles(raw: Record<string, unknown>, errors: FieldErrors): string[] | undefined {
  const v = raw.rls_roles;
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v) || v.some((r) => typeof r !== 'string' || r.trim() === '' || r.length > MAX_ROLE_LENGTH)) {
    add(errors, 'rls_roles', `The rls roles must be a list of role names of at most ${MAX_ROLE_LENGTH} characters.`);
    return undefined;
  }
  if (v.length > MAX_ROLES) {
    add(errors, 'rls_roles', `The rls roles may not have more than ${MAX_ROLES} items.`);
    return undefined;
  }
  const list = [...new Set((v as string[]).map((r) => r.trim()))];
  return list.length ? list : undefined;
}

function unknownKeys(raw: Record<string, unknown>, allowed: readonly string[], errors: FieldErrors) {
  for (const key of Object.keys(raw)) if (!allowed.includes(key)) add(errors, key, `The ${label(key)} field is not allowed.`);
}

function powerBi(raw: Record<string, unknown>, errors: FieldErrors): PowerBiSettings {
  unknownKeys(raw, ['workspace_id', 'report_id', 'dataset_id', 'rls_roles'], errors);
  const settings: PowerBiSettings = {
    workspace_id: guid(raw, 'workspace_id', true, errors) ?? '',
    report_id: guid(raw, 'report_id', true, errors) ?? '',
  };
  const dataset = guid(raw, 'dataset_id', false, errors);
  if (dataset) settings.dataset_id = dataset;
  const rls = roles(raw, errors);
  if (rls) settings.rls_roles = rls;
  return settings;
}

/** The settings to store, or the field errors that stop the save. */
export function validateSettings(provider: ProviderName, raw: Record<string, unknown>): { settings: Record<string, unknown>; errors: FieldErrors } {
  const errors: FieldErrors = {};
  if (provider === 'powerbi') return { settings: { ...powerBi(raw, errors) }, errors };
  // The built-in portfolio report has nothing to configure.
  unknownKeys(raw, [], errors);
  return { settings: {}, errors };
}

/** Stored settings read back for a Power BI call; null when they are not usable. */
export function powerBiSettings(stored: Record<string, unknown>): PowerBiSettings | null {
  const errors: FieldErrors = {};
  const settings = powerBi(stored, errors);
  return Object.keys(errors).length ? null : settings;
}
