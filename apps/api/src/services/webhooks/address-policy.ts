import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}
/** How host names become addresses: the system resolver, or a stand-in in tests. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

const systemResolver: Resolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

/** Addresses a webhook may not reach: private, loopback, link-local (cloud metadata), shared, multicast, reserved. */
const refused = new BlockList();
/** This machine's own addresses: 127.0.0.0/8 and ::1. */
const loopback = new BlockList();
loopback.addSubnet("127.0.0.0", 8, "ipv4");
loopback.addAddress("::1", "ipv6");
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  refused.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  // NAT64 reaches IPv4 addresses, private ones included.
  ["64:ff9b::", 96],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const)
  refused.addSubnet(network, prefix, "ipv6");

/** `::ffff:7f00:1` is 127.0.0.1: an IPv4-mapped IPv6 address is judged as the IPv4 address it carries. */
function unmapped(address: string): ResolvedAddress {
  const mapped = /^::ffff:(?:([0-9a-f]{1,4}):([0-9a-f]{1,4})|(\d+\.\d+\.\d+\.\d+))$/i.exec(address);
  if (!mapped) return { address, family: isIP(address) === 6 ? 6 : 4 };
  if (mapped[3]) return { address: mapped[3], family: 4 };
  const high = Number.parseInt(mapped[1] as string, 16);
  const low = Number.parseInt(mapped[2] as string, 16);
  return { address: [high >> 8, high & 255, low >> 8, low & 255].join("."), family: 4 };
}

export class RefusedTarget extends Error {}

/** A parsed BAHI_WEBHOOK_ALLOWED_HOSTS entry: an address, a CIDR range or a host name. */
export function parseAllowedHost(
  entry: string,
): { kind: "address" | "range" | "host"; value: string } | null {
  const [network, prefix, ...rest] = entry.split("/");
  if (!network || rest.length > 0) return null;
  const family = isIP(network);
  if (prefix !== undefined) {
    const bits = Number(prefix);
    const max = family === 6 ? 128 : 32;
    return family && /^\d+$/.test(prefix) && bits <= max ? { kind: "range", value: entry } : null;
  }
  if (family) return { kind: "address", value: network };
  return /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i.test(entry)
    ? { kind: "host", value: entry.toLowerCase() }
    : null;
}

/**
 * Where webhooks may send: checked when a URL is subscribed and again, on the address actually
 * connected to, at every delivery, so that a name re-pointed at an internal address (DNS rebinding)
 * reaches nothing.
 */
export class AddressPolicy {
  readonly #allowedAddresses = new BlockList();
  readonly #allowedHosts = new Set<string>();
  readonly #resolve: Resolver;
  readonly #testLoopback: boolean;

  /**
   * `allowed`: the operator's BAHI_WEBHOOK_ALLOWED_HOSTS entries, already validated by the
   * configuration. `testLoopback`: test-mode webhooks may reach this machine's loopback addresses
   * (what `npm start` on the embedded database allows, for a receiver on the developer's machine).
   */
  constructor(
    allowed: readonly string[] = [],
    resolve: Resolver = systemResolver,
    { testLoopback = false }: { testLoopback?: boolean } = {},
  ) {
    this.#resolve = resolve;
    this.#testLoopback = testLoopback;
    for (const entry of allowed) {
      const parsed = parseAllowedHost(entry);
      if (!parsed) throw new Error(`not a host, address or CIDR range: ${entry}`);
      if (parsed.kind === "host") this.#allowedHosts.add(parsed.value);
      else if (parsed.kind === "address") {
        const { address, family } = unmapped(parsed.value);
        this.#allowedAddresses.addAddress(address, family === 6 ? "ipv6" : "ipv4");
      } else {
        const [network, bits] = parsed.value.split("/") as [string, string];
        this.#allowedAddresses.addSubnet(network, Number(bits), isIP(network) === 6 ? "ipv6" : "ipv4");
      }
    }
  }

  #permits(raw: ResolvedAddress, livemode: boolean): boolean {
    const { address, family } = unmapped(raw.address);
    const type = family === 6 ? "ipv6" : "ipv4";
    if (this.#allowedAddresses.check(address, type) || !refused.check(address, type)) return true;
    return this.#testLoopback && !livemode && loopback.check(address, type);
  }

  /**
   * The address to connect to for a URL's host: every address the name resolves to must be allowed,
   * so that a resolver answering differently at connection time cannot pick a refused one.
   */
  async target(hostname: string, livemode = true): Promise<ResolvedAddress> {
    const host = hostname.replace(/^\[(.*)\]$/, "$1").toLowerCase();
    const literal = isIP(host);
    let addresses: ResolvedAddress[];
    if (literal) addresses = [{ address: host, family: literal === 6 ? 6 : 4 }];
    else {
      try {
        addresses = await this.#resolve(host);
      } catch {
        throw new RefusedTarget(`the host ${host} does not resolve`);
      }
      if (addresses.length === 0) throw new RefusedTarget(`the host ${host} does not resolve`);
      if (this.#allowedHosts.has(host)) return addresses[0] as ResolvedAddress;
    }
    const bad = addresses.find((a) => !this.#permits(a, livemode));
    if (bad) {
      throw new RefusedTarget(
        `${host} resolves to ${bad.address}, a private, loopback, link-local or reserved address; ` +
          `the operator may allow it with BAHI_WEBHOOK_ALLOWED_HOSTS (e.g. ${bad.address})`,
      );
    }
    return addresses[0] as ResolvedAddress;
  }

  /** Why a URL cannot be subscribed, or null when it can. */
  async refusal(rawUrl: string, livemode: boolean): Promise<string | null> {
    let url: URL;
    try {
      url = new URL(rawUrl);
    } catch {
      return "it is not a URL";
    }
    if (url.protocol !== "https:" && url.protocol !== "http:") return "it is neither https nor http";
    if (livemode && url.protocol !== "https:") return "live-mode webhooks need https";
    if (url.username || url.password) return "it carries a user name or password";
    try {
      await this.target(url.hostname, livemode);
      return null;
    } catch (error) {
      if (error instanceof RefusedTarget) return error.message;
      throw error;
    }
  }
}
