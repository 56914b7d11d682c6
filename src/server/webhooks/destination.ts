import { lookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';
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

// Loopback, private, link-local (cloud metadata at 169.254.169.254 among them), carrier-grade NAT,
// unspecified, multicast and reserved ranges: a webhook must never reach into the network the app runs in.
// IPv4-mapped IPv6 addresses (::ffff:127.0.0.1) are matched against the IPv4 ranges by BlockList itself.
const nonPublic = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  nonPublic.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  nonPublic.addSubnet(net, prefix, 'ipv6');

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return !nonPublic.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

const privateMessage = 'Webhook URLs must point to a public internet address.';

/**
 * At registration: in production the URL must be https and its host must resolve only to public addresses.
 * Delivery checks again after its own DNS lookup (publicLookup), so a host that changes its answer later
 * is still refused.
 */
export async function checkDestination(url: string, policy: DestinationPolicy): Promise<void> {
  if (!policy.publicOnly) return;
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:') throw new AppError('BAD_REQUEST', 'Webhook URLs must use https.');
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host)
    ? [{ address: host }]
    : await lookup(host, { all: true }).catch(() => {
        throw new AppError('BAD_REQUEST', sentence('The host {host} could not be found.', { host }));
      });
  if (addresses.length === 0 || !addresses.every((a) => isPublicAddress(a.address))) {
    throw new AppError('BAD_REQUEST', privateMessage);
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
    if (allowed.length === 0) return callback(new Error(privateMessage), '', 4);
    if (options.all) return (callback as unknown as (e: null, a: typeof allowed) => void)(null, allowed);
    callback(null, allowed[0]!.address, allowed[0]!.family);
  });
};
