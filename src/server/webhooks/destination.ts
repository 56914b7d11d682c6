import { lookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import os from 'node:os';
import ipaddr from 'ipaddr.js';
import { lookup as lookupCallback } from 'node:dns';
import { AppError } from '../app-error';
import { sentence } from '../../shared/i18n/sentence';

/** How destinations are checked: strictly in production unless WEBHOOK_ALLOW_PRIVATE=true. */
export interface DestinationPolicy {
  /** https only, and only addresses on the public internet. */
  publicOnly: boolean;
}

export function destinationPolicy(env: { NODE_ENV: string; WEBHOOK_ALLOW_PRIVATE: boolean }): DestinationPolicy {
  return { publicOnly: env.NODE_ENV === 'production' && !env.WEBHOOK_ALLOW_PRIVATE };
}

interface Embedded {
  bytes: number[];
  inverted?: boolean;
}
const lastFourBytes: Embedded[] = [{ bytes: [12, 13, 14, 15] }];

/**
 * Where IPv6 transition and translation addresses carry an IPv4 address a packet may end up at, as byte offsets
 * into the 16 bytes. NAT64's local-use prefix (64:ff9b:1::/48) may be cut at /48, /56, /64 or /96 (RFC 6052,
 * RFC 8215), so each place the operator could have chosen is read. A Teredo address names its server and,
 * inverted, its client.
 */
const embeddedAt: Partial<Record<string, Embedded[]>> = {
  ipv4Mapped: lastFourBytes,
  rfc6145: lastFourBytes,
  '6to4': [{ bytes: [2, 3, 4, 5] }],
  teredo: [{ bytes: [4, 5, 6, 7] }, { bytes: [12, 13, 14, 15], inverted: true }],
};
const nat64LocalUse: Embedded[] = [
  { bytes: [6, 7, 9, 10] },
  { bytes: [7, 9, 10, 11] },
  { bytes: [9, 10, 11, 12] },
  { bytes: [12, 13, 14, 15] },
];
const nat64LocalUsePrefix = ipaddr.IPv6.parseCIDR('64:ff9b:1::/48');

/** The IPv4 addresses an IPv6 address stands for, if it is one that embeds them; undefined if it embeds none. */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4[] | undefined {
  const range = address.range();
  const bytes = address.toByteArray();
  // IPv4-compatible (::a.b.c.d, deprecated but still parsed and routed by some stacks); :: and ::1 are not.
  const compatible = bytes.slice(0, 12).every((b) => b === 0) && range === 'unicast';
  const places = compatible
    ? lastFourBytes
    : range === 'rfc6052'
      ? address.match(nat64LocalUsePrefix)
        ? nat64LocalUse
        : lastFourBytes
      : embeddedAt[range];
  return places?.map(
    ({ bytes: at, inverted }) => new ipaddr.IPv4(at.map((i) => (inverted ? ~bytes[i]! : bytes[i]!) & 0xff)),
  );
}

/** The addresses of this machine's own network interfaces: a delivery must never come back to the app itself. */
function ownAddresses(): Set<string> {
  const own = new Set<string>();
  for (const entries of Object.values(os.networkInterfaces()))
    for (const entry of entries ?? []) {
      const address = parseAddress(entry.address);
      if (address) own.add(address.toNormalizedString());
    }
  return own;
}

function parseAddress(address: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  // net.isIP is strict (no 0x7f.1 or 2130706433 forms; URLs and DNS answers give the dotted form); a zone
  // (fe80::1%eth0) is dropped, its address decides.
  const plain = address.replace(/%.*$/, '');
  return isIP(plain) ? ipaddr.parse(plain) : undefined;
}

/**
 * Only global unicast addresses on the public internet (ipaddr.js's `unicast` range): never loopback, private,
 * link-local (cloud metadata at 169.254.169.254 among them), carrier-grade NAT, documentation, benchmarking,
 * site-local, multicast, broadcast or reserved; an IPv6 address embedding an IPv4 one (mapped, compatible, NAT64,
 * 6to4, Teredo) only when every IPv4 address it embeds is public; and never an address of this machine.
 */
export function isPublicAddress(address: string): boolean {
  const ip = parseAddress(address);
  if (!ip) return false;
  const embedded = ip.kind() === 'ipv6' ? embeddedIPv4(ip as ipaddr.IPv6) : undefined;
  if (embedded) return embedded.every((v4) => isPublicAddress(v4.toString()));
  if (ip.range() !== 'unicast') return false;
  return !ownAddresses().has(ip.toNormalizedString());
}

const privateMessage = 'Webhook URLs must point to a public internet address.';
/** The error code of a connection refused here because its address is not public. */
export const DESTINATION_NOT_ALLOWED = 'DESTINATION_NOT_ALLOWED';

/** What a refused destination is called in its refusal: the rule is the same for both. */
const refusals = {
  webhook: { notHttps: 'Webhook URLs must use https.', notPublic: privateMessage },
  calendar: {
    notHttps: 'Calendar addresses must use https.',
    notPublic: 'Calendar addresses must point to a public internet address.',
  },
} as const;

/**
 * At registration: in production the URL must be https and its host must resolve only to public addresses.
 * Delivery checks again after its own DNS lookup (publicLookup), so a host that changes its answer later
 * is still refused.
 */
export async function checkDestination(
  url: string,
  policy: DestinationPolicy,
  of: keyof typeof refusals = 'webhook',
): Promise<void> {
  if (!policy.publicOnly) return;
  const { notHttps, notPublic } = refusals[of];
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:') throw new AppError('BAD_REQUEST', notHttps);
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host)
    ? [{ address: host }]
    : await lookup(host, { all: true }).catch(() => {
        throw new AppError('BAD_REQUEST', sentence('The host {host} could not be found.', { host }));
      });
  if (addresses.length === 0 || !addresses.every((a) => isPublicAddress(a.address))) {
    throw new AppError('BAD_REQUEST', notPublic);
  }
}

/**
 * A DNS lookup for the delivery's own connection that refuses non-public answers: the address checked is the
 * address connected to (no window for a host to re-resolve to an inside address between check and use).
 */
export const publicLookup: LookupFunction = (hostname, options, callback) => {
  lookupCallback(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 4);
    const allowed = addresses.filter((a) => isPublicAddress(a.address));
    if (allowed.length === 0)
      return callback(Object.assign(new Error(privateMessage), { code: DESTINATION_NOT_ALLOWED }), '', 4);
    if (options.all) return (callback as unknown as (e: null, a: typeof allowed) => void)(null, allowed);
    callback(null, allowed[0]!.address, allowed[0]!.family);
  });
};
