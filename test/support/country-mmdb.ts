// A small MaxMind DB (format 2.0: https://maxmind.github.io/MaxMind-DB/) of IPv4 networks and their
// countries, written for tests: what a GeoLite2-Country database answers ({country: {iso_code}}) for
// a few networks, so the analytics' country lookup (src/server/domain/analytics/viewer-country.ts)
// is tested against the real reader without a downloaded database.
import { writeFileSync } from "node:fs";

interface TreeNode {
  children: [TreeNode | string | null, TreeNode | string | null];
}

/** Control byte(s) of a field of `type` (1-15) and `size` (< 29). */
function control(type: number, size: number): Buffer {
  if (size >= 29) throw new Error("fields of 29 bytes or more are not needed here");
  return type <= 7 ? Buffer.from([(type << 5) | size]) : Buffer.from([size, type - 7]);
}

/** An unsigned integer field: uint16, uint32 or uint64 by its byte count. */
class UInt {
  constructor(
    readonly value: number,
    readonly bytes: 2 | 4 | 8,
  ) {}
}

type Value = string | UInt | Value[] | { [key: string]: Value };

function encode(value: Value): Buffer {
  if (typeof value === "string") return Buffer.concat([control(2, Buffer.byteLength(value)), Buffer.from(value)]);
  if (Array.isArray(value)) return Buffer.concat([control(11, value.length), ...value.map(encode)]);
  if (value instanceof UInt) {
    const bytes = Buffer.alloc(value.bytes);
    if (value.bytes === 8) bytes.writeBigUInt64BE(BigInt(value.value));
    else bytes.writeUIntBE(value.value, 0, value.bytes);
    return Buffer.concat([control(value.bytes === 2 ? 5 : value.bytes === 4 ? 6 : 9, value.bytes), bytes]);
  }
  const entries = Object.entries(value);
  return Buffer.concat([control(7, entries.length), ...entries.flatMap(([k, v]) => [encode(k), encode(v)])]);
}

const ipv4 = (address: string) => address.split(".").reduce((n, part) => n * 256 + Number(part), 0);

/** Writes `file`: each "a.b.c.d/len" of `networks` answers its country code. */
export function writeCountryMmdb(file: string, networks: Record<string, string>): void {
  const root: TreeNode = { children: [null, null] };
  for (const [cidr, iso] of Object.entries(networks)) {
    const [address, length] = cidr.split("/");
    const bits = ipv4(address!);
    let node = root;
    for (let i = 0; i < Number(length); i++) {
      const side = Math.floor(bits / 2 ** (31 - i)) % 2;
      if (i === Number(length) - 1) node.children[side] = iso;
      else {
        const next = node.children[side];
        node = typeof next === "object" && next !== null ? next : (node.children[side] = { children: [null, null] });
      }
    }
  }
  const nodes: TreeNode[] = [];
  for (const queue = [root]; queue.length;) {
    const node = queue.shift()!;
    nodes.push(node);
    for (const child of node.children) if (typeof child === "object" && child !== null) queue.push(child);
  }
  const data: Buffer[] = [];
  const offsets = new Map<string, number>();
  let size = 0;
  for (const iso of new Set(Object.values(networks))) {
    const record = encode({ country: { iso_code: iso } });
    offsets.set(iso, size);
    data.push(record);
    size += record.length;
  }
  // a record: another node, "no data" (the node count), or a data offset past the 16-byte separator
  const recordOf = (child: TreeNode | string | null) =>
    child === null ? nodes.length : typeof child === "string" ? nodes.length + 16 + offsets.get(child)! : nodes.indexOf(child);
  const tree = Buffer.alloc(nodes.length * 6);
  nodes.forEach((node, i) => {
    tree.writeUIntBE(recordOf(node.children[0]), i * 6, 3);
    tree.writeUIntBE(recordOf(node.children[1]), i * 6 + 3, 3);
  });
  const metadata = encode({
    node_count: new UInt(nodes.length, 4),
    record_size: new UInt(24, 2),
    ip_version: new UInt(4, 2),
    database_type: "Kinora-Test-Country",
    languages: ["en"],
    binary_format_major_version: new UInt(2, 2),
    binary_format_minor_version: new UInt(0, 2),
    build_epoch: new UInt(Math.floor(Date.now() / 1000), 8),
    description: { en: "Test countries" },
  });
  writeFileSync(file, Buffer.concat([tree, Buffer.alloc(16), ...data, Buffer.from("\xab\xcd\xefMaxMind.com", "latin1"), metadata]));
}
