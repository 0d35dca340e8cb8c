// Client networks: what per-address throttles count (docs/security.md "Limits that hold under
// concurrency"), and the address arithmetic TRUST_PROXY's checks need. Node has no IPv6 parser
// that answers the bits, hence this one.
import { isIP } from 'node:net';

/** An address as a number: IPv4 in 32 bits, IPv6 in 128; IPv4-mapped IPv6 (::ffff:a.b.c.d) is IPv4. */
export interface ParsedAddress {
  family: 4 | 6;
  bits: bigint;
}

/** ::ffff:0:0/96, where IPv6 sockets put IPv4 clients. */
export const MAPPED_BLOCK = 0xffffn << 32n;

function ipv4Bits(address: string): bigint {
  return address.split('.').reduce((acc, octet) => (acc << 8n) | BigInt(Number(octet)), 0n);
}

function ipv6Bits(address: string): bigint {
  let text = address;
  // An embedded IPv4 tail (::ffff:1.2.3.4) is two hextets.
  const lastColon = text.lastIndexOf(':');
  if (text.includes('.', lastColon)) {
    const v4 = ipv4Bits(text.slice(lastColon + 1));
    text = `${text.slice(0, lastColon + 1)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const part = (s: string | undefined) => (s ? s.split(':') : []);
  const left = part(head);
  const right = part(tail);
  const hextets =
    tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return hextets.reduce((acc, h) => (acc << 16n) | BigInt(parseInt(h, 16)), 0n);
}

/** Parses an address (a zone id such as `%eth0` is dropped); null when it is not one. */
export function parseAddress(raw: string): ParsedAddress | null {
  const address = raw.split('%')[0];
  const family = isIP(address);
  if (family === 4) return { family: 4, bits: ipv4Bits(address) };
  if (family !== 6) return null;
  const bits = ipv6Bits(address);
  // A dual-stack socket reports IPv4 clients as ::ffff:a.b.c.d: the same client as a.b.c.d.
  if (bits >> 32n === MAPPED_BLOCK >> 32n) return { family: 4, bits: bits & 0xffffffffn };
  return { family: 6, bits };
}

/** The first `prefix` bits of an address, the rest zero. */
export function networkOf(bits: bigint, width: 32 | 128, prefix: number): bigint {
  const host = BigInt(width - prefix);
  return (bits >> host) << host;
}

function formatIpv4(bits: bigint): string {
  return [24n, 16n, 8n, 0n].map((s) => String((bits >> s) & 0xffn)).join('.');
}

/** Leading hextets of a prefix that ends on a hextet boundary (/48, /64), e.g. `2001:db8:1::/48`. */
function formatIpv6Prefix(bits: bigint, prefix: 48 | 64): string {
  const count = prefix / 16;
  const hextets = Array.from({ length: count }, (_, i) => ((bits >> BigInt(112 - 16 * i)) & 0xffffn).toString(16));
  return `${hextets.join(':')}::/${prefix}`;
}

/** Prefix lengths of the neighbourhood a network is counted in past a rule's cap (see clientNetwork). */
export const WIDE_PREFIX = { ipv4: 16, ipv6: 48 } as const;

export interface ClientNetwork {
  /** What a per-address limit counts: the IPv4 address itself, or the IPv6 /64 it belongs to. */
  network: string;
  /** The neighbourhood a rule counts it in once the rule tracks its maximum of networks: IPv4 /16, IPv6 /48. */
  wide: string;
}

/**
 * The throttle subjects of a client address. IPv6: a /64 is one end site's LAN (addresses inside it are
 * free to rotate), so it counts as one client. IPv4: the address itself, since one address is often a
 * whole office or a carrier's NAT, and a /24 would make unrelated customers of one provider share a limit.
 * Anything that is not an address (no socket address) is its own subject.
 */
export function clientNetwork(address: string): ClientNetwork {
  const parsed = parseAddress(address);
  if (!parsed) return { network: address, wide: address };
  if (parsed.family === 4) {
    return {
      network: formatIpv4(parsed.bits),
      wide: `${formatIpv4(networkOf(parsed.bits, 32, WIDE_PREFIX.ipv4))}/${WIDE_PREFIX.ipv4}`,
    };
  }
  return { network: formatIpv6Prefix(parsed.bits, 64), wide: formatIpv6Prefix(parsed.bits, WIDE_PREFIX.ipv6) };
}
