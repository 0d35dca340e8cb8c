// The calls of a file field (docs/resources.md "Files"): send a file to POST /api/v1/uploads with its
// progress (an XMLHttpRequest: fetch tells nothing of an upload's progress), and download one from
// GET /api/v1/uploads/{id} with the caller's headers (a plain link would carry no Bearer token).
import type { FileValue } from '../../contract/uploads';
import { API_URL, apiHeaders } from '../../providers/httpClient';

export type UploadAnswer = { ok: true; file: FileValue } | { ok: false; message: string | null };

/** Sends `file`; `onProgress` hears the share sent so far (0–100). */
export function uploadFile(file: File, onProgress: (percent: number) => void): Promise<UploadAnswer> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_URL}/api/v1/uploads`);
    xhr.withCredentials = true;
    // The browser writes the multipart Content-Type with its boundary.
    for (const [k, v] of Object.entries(apiHeaders())) if (k !== 'Content-Type') xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((100 * e.loaded) / e.total));
    };
    xhr.onload = () => {
      let body: { data?: FileValue; message?: string; errors?: Record<string, string[]> } = {};
      try {
        body = JSON.parse(xhr.responseText) as typeof body;
      } catch {
        // No JSON: the message below stays unknown.
      }
      if (xhr.status === 201 && body.data) resolve({ ok: true, file: body.data });
      else resolve({ ok: false, message: body.errors?.file?.[0] ?? body.message ?? null });
    };
    xhr.onerror = () => resolve({ ok: false, message: null });
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

/** Downloads the file under its name; false when it did not come. */
export async function downloadFile(file: Pick<FileValue, 'id' | 'name'>): Promise<boolean> {
  try {
    const headers = apiHeaders();
    delete headers['Content-Type'];
    const res = await fetch(`${API_URL}/api/v1/uploads/${encodeURIComponent(file.id)}`, {
      credentials: 'include',
      headers,
    });
    if (res.status !== 200) return false;
    const url = URL.createObjectURL(await res.blob());
    const a = document.createElement('a');
    a.href = url;
    a.download = file.name;
    a.click();
    URL.revokeObjectURL(url);
    return true;
  } catch {
    return false;
  }
}

let sizeFormats: Map<string, Intl.NumberFormat> | undefined;

/** A size as people read it: "820 bytes", "34 kB", "1.2 MB" (the browser's locale). */
export function fileSizeText(bytes: number): string {
  const [unit, n] =
    bytes < 1024
      ? ['byte', bytes]
      : bytes < 1024 * 1024
        ? ['kilobyte', bytes / 1024]
        : ['megabyte', bytes / 1024 / 1024];
  sizeFormats ??= new Map();
  let format = sizeFormats.get(unit);
  if (!format) {
    format = new Intl.NumberFormat(undefined, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 });
    sizeFormats.set(unit, format);
  }
  return format.format(n);
}
