// Hand-off to a connected system (the dashboard's cards, the route guard's ?system=): ask the API for the
// system's URL for the current company and leave the SPA for it.
import type { SessionUser, SystemRef } from '../../contract/types';
import { isSuccess } from '../../providers/httpClient';
import { systemRedirect } from '../../providers/olympusApi';
import { authStore } from '../../providers/store';

/** After a failed hand-off (no such system, no URL) the dashboard opens after 1 s. */
export const SYSTEM_FALLBACK_DELAY_MS = 1000;

export function findSystem(user: SessionUser | null | undefined, name: string): SystemRef | undefined {
  const wanted = name.trim().toLowerCase();
  return user?.systems.find((s) => s.name.toLowerCase() === wanted);
}

/** The hand-off URL of the system for the current company, or null when none returns. */
export async function systemUrl(system: SystemRef): Promise<string | null> {
  const res = await systemRedirect(system.uuid, authStore.get().currentCompany);
  const url = isSuccess(res) ? res.data?.url : undefined;
  return typeof url === 'string' && url ? url : null;
}

/** Leave for the system; false when it cannot be opened. */
export async function openSystem(system: SystemRef | undefined): Promise<boolean> {
  const url = system ? await systemUrl(system) : null;
  if (!url) return false;
  window.location.assign(url);
  return true;
}
