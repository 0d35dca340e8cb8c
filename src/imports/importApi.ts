// The calls of an Import screen (docs/resources.md "Import"): start an import or a dry run of a CSV file
// (POST /api/v1/{resource}/import, text/csv), read its status (GET /api/v1/imports/{id}) and download
// its failed rows (GET /api/v1/imports/{id}/errors.csv).
import type { ImportStatus } from '../../contract/imports';
import { apiUrl } from '../../providers/dataProvider';
import { API_URL, apiGet, apiHeaders, isSuccess } from '../../providers/httpClient';

export type StartAnswer =
  { ok: true; id: string } | { ok: false; status: number; message: string | null; errors: string[] };

/** Queues an import of `file` (its text) with the column → field mapping; a dry run writes nothing. */
export async function startImport(
  resource: string,
  file: string,
  mapping: Record<string, string>,
  dryRun: boolean,
): Promise<StartAnswer> {
  const query = new URLSearchParams({ dry_run: String(dryRun), mapping: JSON.stringify(mapping) });
  try {
    const res = await fetch(`${API_URL}${apiUrl(resource)}/import?${query.toString()}`, {
      method: 'POST',
      credentials: 'include',
      headers: { ...apiHeaders(), 'Content-Type': 'text/csv' },
      body: file,
    });
    const text = await res.text();
    const body = (text ? JSON.parse(text) : {}) as {
      data?: { id?: string };
      message?: string;
      errors?: Record<string, string[]>;
    };
    if (res.status === 202 && typeof body.data?.id === 'string') return { ok: true, id: body.data.id };
    return {
      ok: false,
      status: res.status,
      message: body.message ?? null,
      errors: Object.values(body.errors ?? {}).flat(),
    };
  } catch {
    return { ok: false, status: 0, message: null, errors: [] };
  }
}

/** An import's status; null when it did not come (gone, or no answer). */
export async function fetchImport(id: string): Promise<ImportStatus | null> {
  const res = await apiGet<ImportStatus>(`/api/v1/imports/${encodeURIComponent(id)}`);
  return isSuccess(res) && res.data ? res.data : null;
}

/** Downloads the import's failed rows as `{resource}-import-errors.csv`. */
export async function downloadErrors(id: string, resource: string): Promise<boolean> {
  try {
    const res = await fetch(`${API_URL}/api/v1/imports/${encodeURIComponent(id)}/errors.csv`, {
      credentials: 'include',
      headers: apiHeaders(),
    });
    if (res.status !== 200) return false;
    const url = URL.createObjectURL(new Blob([await res.text()], { type: 'text/csv' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `${resource}-import-errors.csv`;
    a.click();
    URL.revokeObjectURL(url);
    return true;
  } catch {
    return false;
  }
}

/** The import a resource's screen follows, kept so its progress shows again after leaving the page. */
const keyOf = (resource: string) => `olympus.import.${resource}`;
export const rememberImport = (resource: string, id: string | null) => {
  try {
    if (id) localStorage.setItem(keyOf(resource), id);
    else localStorage.removeItem(keyOf(resource));
  } catch {
    // Storage refused (private mode): the progress shows only while the screen stays open.
  }
};
export const rememberedImport = (resource: string): string | null => {
  try {
    return localStorage.getItem(keyOf(resource));
  } catch {
    return null;
  }
};

/** The first line of a CSV file: its header cells (quotes undone). */
export function headerOf(text: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = text.charCodeAt(0) === 0xfeff ? 1 : 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === ',') {
      cells.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') break;
    else cell += c;
  }
  cells.push(cell);
  return cells.every((c) => c.trim() === '') ? [] : cells;
}
