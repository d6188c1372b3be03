import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Every address a host name has: the system resolver by default, a stand-in in tests. */
export type HostLookup = (hostname: string) => Promise<ResolvedAddress[]>;

type Network = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** Why an outbound call was not made or did not get an answer; `kind` is all a tenant may be told. */
export class OutboundError extends Error {
  constructor(
    readonly kind: 'address-not-allowed' | 'unresolved' | 'timeout' | 'failed',
    /** For the server's log only: the refused range, or the underlying error. */
    readonly detail?: string,
  ) {
    super(`outbound call ${kind}${detail ? ` (${detail})` : ''}`);
    this.name = 'OutboundError';
  }
}

/** A CIDR (`10.20.0.0/16`, `fd00::/8`) or a single address → a network, or null when it is neither. */
export function parseNetwork(text: string): Network | null {
  const trimmed = text.trim();
  if (ipaddr.isValidCIDR(trimmed)) return ipaddr.parseCIDR(trimmed);
  if (isIP(trimmed) === 0) return null;
  const address = ipaddr.parse(trimmed);
  return [address, address.kind() === 'ipv4' ? 32 : 128];
}

export interface AddressVerdict {
  allowed: boolean;
  /**
   * ipaddr.js's name of the address's range (`unicast` is the public internet), `ipv4Mapped <range>` for an
   * IPv4-mapped IPv6 address, `allowList` when KELVIN_WEBHOOK_ALLOW_NETWORKS admitted it, `invalid` for no address.
   */
  range: string;
}

/**
 * Whether the server may call an address for a tenant: only the public internet (ipaddr.js's `unicast`), so not
 * loopback, private, carrier-grade NAT, link-local, unique-local, multicast, unspecified, broadcast, reserved nor
 * any other special range (NAT64 and 6to4 included); an IPv4-mapped IPv6 address is judged as its IPv4 address.
 * Networks given by the operator are admitted whatever their range.
 */
export function classifyAddress(address: string, allowNetworks: readonly Network[]): AddressVerdict {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    if (isIP(address) === 0) return { allowed: false, range: 'invalid' };
    parsed = ipaddr.parse(address);
  } catch {
    // What Node takes for an address and ipaddr.js does not (a zone id it cannot read): never called.
    return { allowed: false, range: 'invalid' };
  }
  const mapped = parsed instanceof ipaddr.IPv6 && parsed.isIPv4MappedAddress();
  const plain = parsed instanceof ipaddr.IPv6 && mapped ? parsed.toIPv4Address() : parsed;
  if (allowNetworks.some(([network, bits]) => network.kind() === plain.kind() && plain.match(network, bits)))
    return { allowed: true, range: 'allowList' };
  const range = plain.range();
  return { allowed: range === 'unicast', range: mapped ? `ipv4Mapped ${range}` : range };
}

const systemLookup: HostLookup = async (hostname) => {
  const found = await dnsLookup(hostname, { all: true, verbatim: true });
  return found.flatMap((entry) =>
    entry.family === 4 || entry.family === 6 ? [{ address: entry.address, family: entry.family }] : [],
  );
};

/** What the server may call for a tenant (webhooks): resolved, every address classified, one of them to connect to. */
export interface OutboundPolicy {
  /**
   * Resolves a URL's host name (an address literal as itself) and answers the address to connect to; throws an
   * OutboundError when it does not resolve or when ANY of its addresses is not allowed (a name with one public
   * and one private address could be steered to the private one).
   */
  resolve(hostname: string, signal?: AbortSignal): Promise<ResolvedAddress>;
}

export function createOutboundPolicy(options: {
  /** KELVIN_WEBHOOK_ALLOW_NETWORKS: CIDRs admitted although not public (an on-premise receiver). */
  allowNetworks: readonly string[];
  lookup?: HostLookup;
}): OutboundPolicy {
  const networks = options.allowNetworks.map((text) => {
    const network = parseNetwork(text);
    if (!network) throw new Error(`Not a network: ${text}`);
    return network;
  });
  const lookup = options.lookup ?? systemLookup;
  return {
    async resolve(hostname, signal) {
      // URL keeps an IPv6 literal's brackets: [::1].
      const host = hostname.replace(/^\[(.*)\]$/, '$1');
      const literal = isIP(host);
      const addresses: ResolvedAddress[] =
        literal === 4 || literal === 6
          ? [{ address: host, family: literal }]
          : await lookupWithin(lookup, host, signal);
      if (addresses.length === 0) throw new OutboundError('unresolved');
      for (const { address } of addresses) {
        const verdict = classifyAddress(address, networks);
        if (!verdict.allowed) throw new OutboundError('address-not-allowed', `${address}: ${verdict.range}`);
      }
      const [first] = addresses;
      if (!first) throw new OutboundError('unresolved');
      return first;
    },
  };
}

async function lookupWithin(
  lookup: HostLookup,
  host: string,
  signal: AbortSignal | undefined,
): Promise<ResolvedAddress[]> {
  const resolving = lookup(host).catch((error: unknown) => {
    throw new OutboundError('unresolved', error instanceof Error ? error.message : String(error));
  });
  if (!signal) return resolving;
  if (signal.aborted) throw new OutboundError('timeout');
  // The system resolver cannot be cancelled: the call stops waiting for it.
  return Promise.race([
    resolving,
    new Promise<never>((_, reject) =>
      signal.addEventListener('abort', () => reject(new OutboundError('timeout')), { once: true }),
    ),
  ]);
}
