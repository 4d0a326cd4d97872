import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from "node:dns";
import { BlockList, isIP } from "node:net";

// Where a webhook may be delivered: http(s) URLs without credentials, and, unless
// WEBHOOK_ALLOW_PRIVATE_ADDRESSES, never an address of this machine or a private network (a
// receiver URL must not let a user reach what only Kinora can: its database, cloud metadata, the
// LAN). The URL is checked when registered, and every delivery checks each address it connects to
// (checkedLookup), so a name that resolves elsewhere later (DNS rebinding) is refused too.

const privateRanges = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8], // "this" network
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local (cloud metadata)
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15], // benchmarking
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const)
  privateRanges.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["ff00::", 8], // multicast
] as const)
  privateRanges.addSubnet(net, prefix, "ipv6");

/** Whether `address` (an IP literal) belongs to this machine, a private network or no host at all. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "");
  const family = isIP(bare);
  if (family === 4) return privateRanges.check(bare, "ipv4");
  if (family === 6) {
    // an IPv4 address written as IPv6 (::ffff:127.0.0.1) is the IPv4 address
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare)?.[1];
    return mapped ? privateRanges.check(mapped, "ipv4") : privateRanges.check(bare, "ipv6");
  }
  return true; // not an address: nothing to deliver to
}

export type TargetProblem = "url" | "scheme" | "credentials" | "private";

/** What is wrong with `url` as a receiver, before any lookup: its form, and a private IP literal (unless allowed). */
export function targetProblem(url: string, allowPrivate: boolean): TargetProblem | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "url";
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return "scheme";
  if (parsed.username || parsed.password) return "credentials";
  const host = parsed.hostname;
  if (!allowPrivate && (isIP(host.replace(/^\[|\]$/g, "")) ? isPrivateAddress(host) : host === "localhost" || host.endsWith(".localhost")))
    return "private";
  return undefined;
}

/** Whether every address `host` resolves to is public (a name that does not resolve: true, the delivery will tell). */
export async function resolvesPublic(host: string): Promise<boolean> {
  const addresses = await new Promise<LookupAddress[]>((resolve) =>
    dnsLookup(host, { all: true }, (err, found) => resolve(err ? [] : found)),
  );
  return addresses.every((a) => !isPrivateAddress(a.address));
}

export class PrivateAddressError extends Error {
  constructor(readonly address: string) {
    super(`refused: ${address} is a private or loopback address (WEBHOOK_ALLOW_PRIVATE_ADDRESSES)`);
    this.name = "PrivateAddressError";
  }
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A `lookup` for http.request that refuses private addresses: the check at connect time. */
export function checkedLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (err, found) => {
    if (err) return callback(err, []);
    const refused = found.find((a) => isPrivateAddress(a.address));
    if (refused) return callback(new PrivateAddressError(refused.address), []);
    if (options.all) return callback(null, found);
    const first = found[0];
    if (!first) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: "ENOTFOUND" }), []);
    callback(null, first.address, first.family);
  });
}
