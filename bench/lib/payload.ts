// Payload of a list answer: one request as a browser sends it (accept-encoding br, gzip), its bytes
// on the wire, decoded, and the time to the last byte (a single request on an idle server).
import http from 'node:http';
import zlib from 'node:zlib';

export interface Payload {
  tenant: string;
  units: number;
  what: string;
  status: number;
  wire: number;
  decoded: number;
  encoding: string;
  ms: number;
}

export function fetchPayload(
  url: string,
  headers: Record<string, string>,
): Promise<Omit<Payload, 'tenant' | 'units' | 'what'>> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = http.get(url, { headers: { ...headers, 'accept-encoding': 'br, gzip' }, timeout: 300_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const ms = performance.now() - t0;
        const raw = Buffer.concat(chunks);
        const encoding = String(res.headers['content-encoding'] ?? 'identity');
        const decoded =
          encoding === 'br' ? zlib.brotliDecompressSync(raw) : encoding === 'gzip' ? zlib.gunzipSync(raw) : raw;
        resolve({
          status: res.statusCode ?? 0,
          wire: raw.length,
          decoded: decoded.length,
          encoding,
          ms: Math.round(ms),
        });
      });
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`${url}: no answer in 300 s`)));
    req.on('error', reject);
  });
}
