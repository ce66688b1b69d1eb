import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/*
 * The addresses a push may be sent to: public unicast addresses only. The check runs on the
 * addresses the connection is made to (as the socket's own lookup), so a name that answers a
 * public address when asked once and an internal one the next time (DNS rebinding) cannot reach
 * the server's network.
 */

/**
 * Ranges no push service is in: this machine, private networks and everything not public unicast.
 * One list per family: a BlockList matches IPv4 addresses against IPv6 rules too.
 */
const NOT_PUBLIC_V4 = new BlockList();
const NOT_PUBLIC_V6 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT (also cloud metadata such as 100.100.100.200)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, with the cloud metadata address 169.254.169.254
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relays
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved and broadcast
] as const) {
  NOT_PUBLIC_V4.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 96], // unspecified, loopback and IPv4-compatible addresses
  ['::ffff:0:0', 96], // IPv4-mapped: would reach any IPv4 address
  ['64:ff9b::', 96], // NAT64: the same
  ['64:ff9b:1::', 48], // local NAT64
  ['100::', 64], // discard
  ['2001::', 32], // Teredo
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: embeds an IPv4 address
  ['fc00::', 7], // unique local, with the cloud metadata address fd00:ec2::254
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local
  ['ff00::', 8], // multicast
] as const) {
  NOT_PUBLIC_V6.addSubnet(network, prefix, 'ipv6');
}

const LOOPBACK_V4 = new BlockList();
LOOPBACK_V4.addSubnet('127.0.0.0', 8, 'ipv4');
const LOOPBACK_V6 = new BlockList();
LOOPBACK_V6.addAddress('::1', 'ipv6');

/**
 * What a push may connect to: public addresses only; public ones or this machine (the tests' local
 * receiver, with PUSH_ALLOW_LOOPBACK); or only this machine (an `http:` endpoint, which is only ever
 * a local receiver).
 */
export type AddressRule = 'public' | 'public-or-loopback' | 'loopback-only';

/** True when `address` (an IP address without brackets) may be connected to under `rule`. */
export function isAllowedPushAddress(address: string, rule: AddressRule): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  const loopback = (family === 4 ? LOOPBACK_V4 : LOOPBACK_V6).check(address, type);
  if (rule === 'loopback-only') return loopback;
  if (loopback) return rule === 'public-or-loopback';
  return !(family === 4 ? NOT_PUBLIC_V4 : NOT_PUBLIC_V6).check(address, type);
}

/** A refused connection: the push endpoint's name answered an address a push may not go to. */
export class PushAddressError extends Error {
  readonly code = 'EPUSHADDRESS';
}

/** Resolves a host name to all its addresses, as `dns.lookup` with `all: true` (replaceable in tests). */
export type Resolve = (hostname: string, options: LookupOptions & { all: true }, callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;

/**
 * The socket's lookup for a push: resolves the name, and refuses the connection unless every
 * address it answers is allowed under `rule` (one internal answer refuses the name), so the address
 * checked is the address connected to.
 */
export function guardedLookup(rule: AddressRule, resolve: Resolve = dnsLookup): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const refused = addresses.find((each) => !isAllowedPushAddress(each.address, rule));
      if (refused || addresses.length === 0) {
        return callback(new PushAddressError(`${hostname} resolves to ${refused?.address ?? 'no address'}, where no push is sent`), '', 0);
      }
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}
