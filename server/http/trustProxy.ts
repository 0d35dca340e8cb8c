// TRUST_PROXY (DESIGN §4, client address): which X-Forwarded-For hops to believe. The client's
// address comes from the socket unless this names how many proxies stand in front of Olympus or
// which addresses they have; Fastify (proxy-addr) then takes the first address that is not a
// trusted proxy, counting from the socket, so an entry the client wrote itself is never believed.
import { isIP } from 'node:net';

/** `false`: the socket address; a number: that many proxy hops; a list: proxies' addresses or CIDRs. */
export type TrustProxy = false | number | string[];

/** Names proxy-addr understands for the usual private ranges. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const MAX_HOPS = 10;

const EVERYTHING =
  'TRUST_PROXY=true would believe any X-Forwarded-For a client sends, so anyone could pick the address throttling and the audit see. ' +
  'Set the number of proxies in front of Olympus (e.g. TRUST_PROXY=1) or their addresses (e.g. TRUST_PROXY=10.0.0.5,10.1.0.0/16).';

/** One proxy address or CIDR (`10.0.0.0/8`, `fd00::/8`), or a range name; false when malformed. */
function isProxyAddress(entry: string): boolean {
  if (RANGE_NAMES.has(entry.toLowerCase())) return true;
  const [address, bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length) return false;
  if (bits === undefined) return true;
  const max = family === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
}

/** Reads TRUST_PROXY; answers the value, or the message to report for a bad one. */
export function parseTrustProxy(raw: string | null): { value: TrustProxy } | { problem: string } {
  if (raw === null || /^(false|no|off|0)$/i.test(raw)) return { value: false };
  if (/^(true|yes|on)$/i.test(raw)) return { problem: EVERYTHING };
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops > MAX_HOPS) return { problem: `TRUST_PROXY must be a number of proxies from 1 to ${MAX_HOPS}, or their addresses (got "${raw}").` };
    return { value: hops };
  }
  const entries = raw.split(',').map((e) => e.trim()).filter(Boolean);
  const bad = entries.length ? entries.filter((e) => !isProxyAddress(e)) : [raw];
  if (bad.length) {
    return {
      problem:
        `TRUST_PROXY must be false, a number of proxies (e.g. 1) or a comma-separated list of proxy addresses or ranges ` +
        `(e.g. 10.0.0.5,10.1.0.0/16); these are not addresses: ${bad.map((b) => `"${b}"`).join(', ')}.`,
    };
  }
  return { value: entries };
}

/**
 * The value for Fastify's `trustProxy`. A hop count becomes a function: this Fastify treats a bare
 * number as "trust nothing", and proxy-addr asks about the socket peer as hop 0, so `hop < n` trusts
 * the peer and the n − 1 entries written by the proxies behind it, and the client is the entry
 * before them. A count cannot tell a proxy from a client connecting directly: use it only when
 * Olympus is reachable through the proxies alone (a list of addresses has no such caveat).
 */
export function fastifyTrustProxy(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}
