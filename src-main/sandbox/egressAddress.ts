/**
 * What kind of place an IP address is, for the egress policy of the app's own fetches. Only
 * `public` may be reached without the person's say; IPv6 forms that carry an IPv4 address
 * (mapped, compatible, NAT64, 6to4) are judged by that address.
 */
import { isIP } from 'node:net';

export type AddressKind =
  'public' | 'loopback' | 'private' | 'link-local' | 'metadata' | 'unspecified' | 'multicast' | 'reserved';

/** Cloud instance-metadata services: credentials live behind them. */
const METADATA_V4 = new Set(['169.254.169.254', '169.254.170.2', '100.100.100.200', '168.63.129.16']);
const METADATA_V6 = new Set(['fd00:ec2:0:0:0:0:0:254']);

/** Names that reach a metadata service without resolving to one in public DNS. */
export const METADATA_HOSTS = new Set([
  'metadata.google.internal',
  'metadata.goog',
  'metadata',
  'instance-data',
  'instance-data.ec2.internal',
  'metadata.azure.internal',
]);

type V4Range = [base: number, bits: number, kind: AddressKind];

const V4_RANGES: V4Range[] = [
  [ip4(0, 0, 0, 0), 8, 'unspecified'],
  [ip4(10, 0, 0, 0), 8, 'private'],
  [ip4(100, 64, 0, 0), 10, 'private'],
  [ip4(127, 0, 0, 0), 8, 'loopback'],
  [ip4(169, 254, 0, 0), 16, 'link-local'],
  [ip4(172, 16, 0, 0), 12, 'private'],
  [ip4(192, 0, 0, 0), 24, 'reserved'],
  [ip4(192, 0, 2, 0), 24, 'reserved'],
  [ip4(192, 88, 99, 0), 24, 'reserved'],
  [ip4(192, 168, 0, 0), 16, 'private'],
  [ip4(198, 18, 0, 0), 15, 'private'],
  [ip4(198, 51, 100, 0), 24, 'reserved'],
  [ip4(203, 0, 113, 0), 24, 'reserved'],
  [ip4(224, 0, 0, 0), 4, 'multicast'],
  [ip4(240, 0, 0, 0), 4, 'reserved'],
];

function ip4(a: number, b: number, c: number, d: number): number {
  return ((a << 24) | (b << 16) | (c << 8) | d) >>> 0;
}

function parse4(address: string): number | undefined {
  const parts = address.split('.').map(Number);
  if (parts.length !== 4 || parts.some((p) => !Number.isInteger(p) || p < 0 || p > 255)) return undefined;
  const [a = 0, b = 0, c = 0, d = 0] = parts;
  return ip4(a, b, c, d);
}

function kind4(value: number): AddressKind {
  const dotted = [24, 16, 8, 0].map((s) => (value >>> s) & 255).join('.');
  if (METADATA_V4.has(dotted)) return 'metadata';
  for (const [base, bits, kind] of V4_RANGES) {
    const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0;
    if ((value & mask) >>> 0 === base) return kind;
  }
  return 'public';
}

/** Eight 16-bit groups, or undefined when the text is not an IPv6 address. */
function parse6(address: string): number[] | undefined {
  let text = address.replace(/^\[|\]$/g, '').toLowerCase();
  const zone = text.indexOf('%');
  if (zone >= 0) text = text.slice(0, zone);
  if (isIP(text) !== 6) return undefined;
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (tail !== undefined) {
    const v4 = parse4(tail);
    if (v4 === undefined) return undefined;
    text = `${text.slice(0, -tail.length)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = rest ? rest.split(':') : [];
  const fill = rest === undefined ? 0 : 8 - left.length - right.length;
  const groups = [...left, ...Array<string>(fill).fill('0'), ...right].map((g) => parseInt(g, 16));
  return groups.length === 8 ? groups : undefined;
}

function kind6(g: number[]): AddressKind {
  const at = (i: number) => g[i] ?? 0;
  const embedded = (hi: number, lo: number) => kind4(((at(hi) << 16) | at(lo)) >>> 0);
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (METADATA_V6.has(g.map((x) => x.toString(16)).join(':'))) return 'metadata';
  if (zeros(0, 8)) return 'unspecified';
  if (zeros(0, 7) && at(7) === 1) return 'loopback';
  // ::ffff:a.b.c.d (mapped), ::a.b.c.d (compatible), 64:ff9b::a.b.c.d (NAT64).
  if (zeros(0, 5) && at(5) === 0xffff) return embedded(6, 7);
  if (zeros(0, 6)) return embedded(6, 7);
  if (at(0) === 0x64 && at(1) === 0xff9b && zeros(2, 6)) return embedded(6, 7);
  if (at(0) === 0x2002) return embedded(1, 2);
  if ((at(0) & 0xffc0) === 0xfe80) return 'link-local';
  if ((at(0) & 0xffc0) === 0xfec0) return 'private';
  if ((at(0) & 0xfe00) === 0xfc00) return 'private';
  if ((at(0) & 0xff00) === 0xff00) return 'multicast';
  if (at(0) === 0x2001 && at(1) === 0xdb8) return 'reserved';
  return 'public';
}

/** The kind of a literal IP address (v4, v6, bracketed v6); undefined when `address` is not one. */
export function addressKind(address: string): AddressKind | undefined {
  const v4 = isIP(address) === 4 ? parse4(address) : undefined;
  if (v4 !== undefined) return kind4(v4);
  const v6 = parse6(address);
  return v6 ? kind6(v6) : undefined;
}
