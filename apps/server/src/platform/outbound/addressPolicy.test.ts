import { describe, expect, it } from 'vitest';
import {
  classifyAddress,
  createOutboundPolicy,
  OutboundError,
  parseNetwork,
  type ResolvedAddress,
} from './addressPolicy.ts';

/** One address of each range the server must never call for a tenant, by ipaddr.js's name of the range. */
const REFUSED_IPV4: [string, string][] = [
  ['loopback', '127.0.0.1'],
  ['private', '10.1.2.3'],
  ['private', '172.16.5.4'],
  ['private', '192.168.1.1'],
  ['carrierGradeNat', '100.64.0.1'],
  ['linkLocal', '169.254.169.254'],
  ['multicast', '224.0.0.251'],
  ['unspecified', '0.0.0.0'],
  ['reserved', '240.0.0.1'],
  ['reserved', '192.0.2.10'],
  ['broadcast', '255.255.255.255'],
];
const REFUSED_IPV6: [string, string][] = [
  ['loopback', '::1'],
  ['linkLocal', 'fe80::1'],
  ['uniqueLocal', 'fd12:3456:789a::1'],
  ['multicast', 'ff02::1'],
  ['unspecified', '::'],
  ['reserved', '2001:db8::1'],
  // NAT64 and 6to4 embed IPv4 addresses that a gateway would reach: not the public internet either.
  ['rfc6052', '64:ff9b::a00:1'],
  ['6to4', '2002:7f00:1::1'],
];
const REFUSED: [string, string][] = [
  ...REFUSED_IPV4,
  ...REFUSED_IPV6,
  // The IPv4-mapped IPv6 form of each IPv4 range connects to that IPv4 address.
  ...REFUSED_IPV4.map(([range, address]): [string, string] => [`ipv4Mapped ${range}`, `::ffff:${address}`]),
];

const noNetworks: never[] = [];
const lookupAnswering =
  (...addresses: string[]) =>
  (): Promise<ResolvedAddress[]> =>
    Promise.resolve(addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));

async function refusal(promise: Promise<unknown>): Promise<OutboundError> {
  const error: unknown = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof OutboundError)) throw new Error(`expected an OutboundError, got ${String(error)}`);
  return error;
}

describe('outbound address classes', () => {
  it.each(REFUSED)('refuses %s (%s)', (range, address) => {
    expect(classifyAddress(address, noNetworks)).toEqual({ allowed: false, range });
  });

  it.each(REFUSED)('refuses a host name that resolves to %s (%s)', async (_range, address) => {
    const policy = createOutboundPolicy({ allowNetworks: [], lookup: lookupAnswering(address) });
    const error = await refusal(policy.resolve('hooks.customer.example'));
    expect(error.kind).toBe('address-not-allowed');
    expect(error.detail).toBe(`${address}: ${_range}`);
  });

  it.each(REFUSED)('refuses %s written as the URL’s host (%s)', async (_range, address) => {
    const policy = createOutboundPolicy({ allowNetworks: [] });
    const host = address.includes(':') ? `[${address}]` : address;
    expect((await refusal(policy.resolve(host))).kind).toBe('address-not-allowed');
  });

  it('refuses localhost through the system resolver', async () => {
    const policy = createOutboundPolicy({ allowNetworks: [] });
    const error = await refusal(policy.resolve('localhost'));
    expect(error.kind).toBe('address-not-allowed');
    expect(error.detail).toMatch(/loopback$/);
  });

  it('admits the public internet, an IPv4-mapped public address included', async () => {
    expect(classifyAddress('93.184.215.14', noNetworks)).toEqual({ allowed: true, range: 'unicast' });
    expect(classifyAddress('2606:2800:21f:cb07:6820:80da:af6b:8b2c', noNetworks)).toEqual({
      allowed: true,
      range: 'unicast',
    });
    expect(classifyAddress('::ffff:93.184.215.14', noNetworks)).toEqual({
      allowed: true,
      range: 'ipv4Mapped unicast',
    });
    const policy = createOutboundPolicy({ allowNetworks: [], lookup: lookupAnswering('93.184.215.14') });
    expect(await policy.resolve('hooks.customer.example')).toEqual({ address: '93.184.215.14', family: 4 });
  });

  it('refuses a name when ANY of its addresses is refused: it could be steered to that one', async () => {
    const policy = createOutboundPolicy({
      allowNetworks: [],
      lookup: lookupAnswering('93.184.215.14', '10.0.0.7'),
    });
    expect((await refusal(policy.resolve('split.customer.example'))).kind).toBe('address-not-allowed');
  });

  it('admits the networks of KELVIN_WEBHOOK_ALLOW_NETWORKS, and only those', async () => {
    const networks = ['127.0.0.1/32', '10.20.0.0/16', 'fd00:1::/32'].map((text) => {
      const network = parseNetwork(text);
      if (!network) throw new Error(text);
      return network;
    });
    expect(classifyAddress('127.0.0.1', networks)).toEqual({ allowed: true, range: 'allowList' });
    expect(classifyAddress('::ffff:127.0.0.1', networks)).toEqual({ allowed: true, range: 'allowList' });
    expect(classifyAddress('10.20.3.4', networks).allowed).toBe(true);
    expect(classifyAddress('fd00:1:2::3', networks).allowed).toBe(true);
    expect(classifyAddress('127.0.0.2', networks)).toEqual({ allowed: false, range: 'loopback' });
    expect(classifyAddress('::1', networks)).toEqual({ allowed: false, range: 'loopback' });
    expect(classifyAddress('10.21.0.1', networks)).toEqual({ allowed: false, range: 'private' });
    const policy = createOutboundPolicy({
      allowNetworks: ['10.20.0.0/16'],
      lookup: lookupAnswering('10.20.0.9'),
    });
    expect(await policy.resolve('receiver.plant.internal')).toEqual({ address: '10.20.0.9', family: 4 });
  });

  it('refuses what is not an address', () => {
    for (const text of ['', 'localhost', '127.1', '0x7f.0.0.1', '999.0.0.1'])
      expect(classifyAddress(text, noNetworks)).toEqual({ allowed: false, range: 'invalid' });
  });

  it('reads CIDRs and single addresses as networks, and nothing else', () => {
    expect(parseNetwork('10.0.0.0/8')?.[1]).toBe(8);
    expect(parseNetwork(' 192.168.4.20 ')?.[1]).toBe(32);
    expect(parseNetwork('fd00::/8')?.[1]).toBe(8);
    expect(parseNetwork('::1')?.[1]).toBe(128);
    for (const text of ['10.0.0.0/33', 'intranet', '10.0.0', '', '10.0.0.0/8,'])
      expect(parseNetwork(text)).toBeNull();
    expect(() => createOutboundPolicy({ allowNetworks: ['intranet'] })).toThrow('Not a network: intranet');
  });

  it('tells a name that does not resolve, and one that takes too long, apart from a refusal', async () => {
    const missing = createOutboundPolicy({
      allowNetworks: [],
      lookup: () => Promise.reject(new Error('getaddrinfo ENOTFOUND')),
    });
    expect((await refusal(missing.resolve('nowhere.example'))).kind).toBe('unresolved');
    expect(
      (
        await refusal(
          createOutboundPolicy({ allowNetworks: [], lookup: lookupAnswering() }).resolve('x.example'),
        )
      ).kind,
    ).toBe('unresolved');
    const slow = createOutboundPolicy({ allowNetworks: [], lookup: () => new Promise(() => undefined) });
    expect((await refusal(slow.resolve('slow.example', AbortSignal.timeout(20)))).kind).toBe('timeout');
  });
});
