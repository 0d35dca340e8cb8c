// TRUST_PROXY (docs/security.md "Client address"): which X-Forwarded-For hops to believe. The client's
// address comes from the socket unless this names how many proxies stand in front of Olympus or
// which addresses they have; Fastify (proxy-addr) then takes the first address that is not a
// trusted proxy, counting from the socket, so an entry the client wrote itself is never believed.
import { isIP } from 'node:net';
import { MAPPED_BLOCK, networkOf, parseAddress } from './clientNetwork';

/** `false`: the socket address; a number: that many proxy hops; a list: proxies' addresses or CIDRs. */
export type TrustProxy = false | number | string[];

/** Names proxy-addr understands for the usual private ranges (it knows them in lower case only). */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const MAX_HOPS = 10;

/**
 * Blocks no client on the Internet comes from: ranges inside them may be as wide as the operator's own
 * network is (10.0.0.0/8, fd00::/8). 100.64.0.0/10 (carrier NAT) is where some clouds put their balancers.
 */
const PRIVATE: Record<4 | 6, [string, number][]> = {
  4: [
    ['10.0.0.0', 8],
    ['172.16.0.0', 12],
    ['192.168.0.0', 16],
    ['127.0.0.0', 8],
    ['169.254.0.0', 16],
    ['100.64.0.0', 10],
  ],
  6: [
    ['fc00::', 7],
    ['fe80::', 10],
    ['::1', 128],
  ],
};
/**
 * Public ranges: each at least this long, and all of them together at most a /8's worth (IPv4) or a
 * /24's (IPv6) of addresses. CDNs publish ranges as wide as /13 (IPv4) and /28 (IPv6) for their
 * proxies; anything wider, or many of them, is no proxy fleet but "trust everyone" spelled out.
 */
const PUBLIC_MIN_PREFIX = { 4: 12, 6: 28 } as const;
const PUBLIC_BUDGET = { 4: 2n ** 24n, 6: 2n ** 104n } as const;

const EVERYTHING =
  'TRUST_PROXY=true would believe any X-Forwarded-For a client sends, so anyone could pick the address throttling and the audit see. ' +
  'Set the number of proxies in front of Olympus (e.g. TRUST_PROXY=1) or their addresses (e.g. TRUST_PROXY=10.0.0.5,10.1.0.0/16).';

/** A range as proxy-addr matches it: address family, address bits and prefix length. */
interface Range {
  family: 4 | 6;
  bits: bigint;
  prefix: number;
}

/**
 * Parses one proxy address or CIDR as proxy-addr will read it; null when malformed. An IPv6 range
 * inside ::ffff:0:0/96 matches IPv4 clients (proxy-addr compares them mapped), so it is read as the
 * IPv4 range it covers; one that contains that block covers every IPv4 address.
 */
function parseRange(entry: string): Range | null {
  const [address, bits, ...rest] = entry.split('/');
  // A zone id (`%eth0`) is no part of a range proxy-addr compiles.
  if (rest.length || address.includes('%') || isIP(address) === 0) return null;
  if (bits !== undefined && !/^\d{1,3}$/.test(bits)) return null;
  const family = isIP(address) === 4 ? 4 : 6;
  const width = family === 4 ? 32 : 128;
  const prefix = bits === undefined ? width : Number(bits);
  // proxy-addr throws past the width; /0 (also spelled "00") it throws on too, and tooWide refuses it.
  if (prefix > width) return null;
  const parsed = parseAddress(address);
  if (!parsed) return null;
  if (family === 4 || bits === undefined) {
    // A plain address, IPv4-mapped ones included, is one address.
    return { family: parsed.family, bits: parsed.bits, prefix: parsed.family === 4 ? Math.min(prefix, 32) : prefix };
  }
  if (parsed.family === 4) return { family: 4, bits: parsed.bits, prefix: Math.max(prefix - 96, 0) };
  // An IPv6 range wide enough to hold ::ffff:0:0/96 trusts all of IPv4 as well.
  if (prefix <= 96 && networkOf(MAPPED_BLOCK, 128, prefix) === networkOf(parsed.bits, 128, prefix))
    return { family: 4, bits: 0n, prefix: 0 };
  return { family: 6, bits: parsed.bits, prefix };
}

function isPrivate(range: Range): boolean {
  const width = range.family === 4 ? 32 : 128;
  return PRIVATE[range.family].some(([block, len]) => {
    const start = parseAddress(block);
    return (
      start !== null && range.prefix >= len && networkOf(range.bits, width, len) === networkOf(start.bits, width, len)
    );
  });
}

/** Why the entries trust too many addresses, or null when they do not. */
function tooWide(entries: string[]): string | null {
  const wide: string[] = [];
  const total = { 4: 0n, 6: 0n };
  const budgetBreakers: string[] = [];
  for (const entry of entries) {
    if (RANGE_NAMES.has(entry)) continue;
    const range = parseRange(entry);
    if (!range || isPrivate(range)) continue;
    if (range.prefix < PUBLIC_MIN_PREFIX[range.family]) wide.push(entry);
    else {
      total[range.family] += 2n ** BigInt((range.family === 4 ? 32 : 128) - range.prefix);
      budgetBreakers.push(entry);
    }
  }
  if (wide.length) {
    return (
      `TRUST_PROXY names ranges too wide to be proxies (outside private networks: IPv4 shorter than /${PUBLIC_MIN_PREFIX[4]}, IPv6 shorter than /${PUBLIC_MIN_PREFIX[6]}): ` +
      `${wide.map((w) => `"${w}"`).join(', ')}. Any client there could pick the address throttling and the audit see; list the proxies' own addresses or ranges.`
    );
  }
  if (total[4] > PUBLIC_BUDGET[4] || total[6] > PUBLIC_BUDGET[6]) {
    return (
      `TRUST_PROXY's public ranges together cover more than a /8 of IPv4 or a /24 of IPv6 (${budgetBreakers.map((w) => `"${w}"`).join(', ')}): ` +
      "that is no proxy fleet. List the proxies' own addresses or ranges."
    );
  }
  return null;
}

/** Reads TRUST_PROXY; answers the value, or the message to report for a bad one. */
export function parseTrustProxy(raw: string | null): { value: TrustProxy } | { problem: string } {
  if (raw === null || /^(false|no|off|0)$/i.test(raw)) return { value: false };
  if (/^(true|yes|on)$/i.test(raw)) return { problem: EVERYTHING };
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops > MAX_HOPS)
      return {
        problem: `TRUST_PROXY must be a number of proxies from 1 to ${MAX_HOPS}, or their addresses (got "${raw}").`,
      };
    return { value: hops };
  }
  // Range names go on lower-cased: proxy-addr would take "LOOPBACK" for an address and throw at start.
  const entries = raw
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)
    .map((e) => (RANGE_NAMES.has(e.toLowerCase()) ? e.toLowerCase() : e));
  const bad = entries.length ? entries.filter((e) => !RANGE_NAMES.has(e) && !parseRange(e)) : [raw];
  if (bad.length) {
    return {
      problem:
        `TRUST_PROXY must be false, a number of proxies (e.g. 1) or a comma-separated list of proxy addresses or ranges ` +
        `(e.g. 10.0.0.5,10.1.0.0/16); these are not addresses: ${bad.map((b) => `"${b}"`).join(', ')}.`,
    };
  }
  const wide = tooWide(entries);
  return wide ? { problem: wide } : { value: entries };
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
