import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * SSRF guard: the address ranges a webhook may not reach in production (loopback, private,
 * carrier-grade NAT, link-local — cloud metadata lives there — multicast, reserved, and IPv6's
 * equivalents; IPv4-mapped IPv6 addresses are checked as the IPv4 address they carry).
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
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
  ['64:ff9b::', 96],
] as const) {
  blocked.addSubnet(net, bits, 'ipv6');
}

/** Whether an IP address is one a production server must not send webhooks to. */
export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
    if (mapped) return blocked.check(mapped, 'ipv4');
    return blocked.check(address, 'ipv6');
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
