import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * SSRF guard: the address ranges a webhook may not reach in production (loopback, private,
 * carrier-grade NAT, link-local — cloud metadata lives there — multicast, reserved, and IPv6's
 * equivalents; IPv6 transition prefixes that carry an IPv4 address are refused outright).
 */
const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
  ['100::', 64],
] as const) {
  blocked.addSubnet(net, bits, 'ipv6');
}

/**
 * IPv6 transition prefixes: each carries (or routes to) an IPv4 address, so a filter of IPv6 ranges
 * alone lets `[::ffff:7f00:1]`, `[64:ff9b::a9fe:a9fe]` (NAT64 to 169.254.169.254) or a 6to4 address
 * reach an internal host. Partners' webhooks have no use for them: refused whatever they embed.
 */
const TRANSITION_PREFIXES: readonly (readonly [string, number])[] = [
  ['::', 96], // IPv4-compatible (deprecated), and the unspecified address
  ['::ffff:0:0', 96], // IPv4-mapped
  ['::ffff:0:0:0', 96], // IPv4-translated (SIIT)
  ['64:ff9b::', 96], // NAT64 well-known prefix
  ['64:ff9b:1::', 48], // NAT64 local use
  ['2002::', 16], // 6to4
  ['2001::', 32], // Teredo
  ['fec0::', 10], // site-local (deprecated)
];
const transition = new BlockList();
for (const [net, bits] of TRANSITION_PREFIXES) transition.addSubnet(net, bits, 'ipv6');

/** Whether an IP address is one a production server must not send webhooks to. */
export function isForbiddenAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return blocked.check(bare, 'ipv4');
  if (family === 6) {
    if (transition.check(bare, 'ipv6') || blocked.check(bare, 'ipv6')) return true;
    // Belt and braces: any other IPv6 address written with a forbidden IPv4 tail is refused too.
    const v4 = /:(\d+\.\d+\.\d+\.\d+)$/.exec(bare)?.[1];
    return v4 !== undefined && isIP(v4) === 4 && blocked.check(v4, 'ipv4');
  }
  return true; // not an IP at all: refuse rather than guess
}

export class ForbiddenAddressError extends Error {
  constructor(readonly host: string, readonly address: string) {
    super(`refused: ${host} resolves to ${address}, a private, loopback or link-local address`);
    this.name = 'ForbiddenAddressError';
  }
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http(s).request that resolves the host and refuses forbidden addresses, so the
 * check applies to the address actually connected to (no DNS-rebinding gap between check and use).
 */
export function guardedLookup(hostname: string, options: LookupAllOptions | object, callback: LookupCallback): void {
  dnsLookup(hostname, { ...(options as object), all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    const list = addresses as LookupAddress[];
    const bad = list.find((a) => isForbiddenAddress(a.address));
    if (bad) return callback(new ForbiddenAddressError(hostname, bad.address) as NodeJS.ErrnoException, []);
    if ((options as { all?: boolean }).all) return callback(null, list);
    callback(null, list[0].address, list[0].family);
  });
}

/** Resolves a host now (for a clear error when an endpoint is saved); the send checks again. */
export async function firstForbiddenAddress(hostname: string): Promise<string | null> {
  const bare = hostname.replace(/^\[|\]$/g, '');
  if (isIP(bare)) return isForbiddenAddress(bare) ? bare : null;
  const addresses = await new Promise<LookupAddress[]>((resolve, reject) =>
    dnsLookup(bare, { all: true }, (err, list) => (err ? reject(err) : resolve(list))),
  );
  return addresses.find((a) => isForbiddenAddress(a.address))?.address ?? null;
}
