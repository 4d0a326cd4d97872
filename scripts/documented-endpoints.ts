// The list of documented endpoints (method, path, area, source document), kept in the repository as
// test/support/documented-endpoints.json so the endpoint coverage test runs on any clone. The
// interface document and its supplement live outside the repository; when they change, regenerate
// the list with
//
//   npx tsx scripts/documented-endpoints.ts <directory of interface.md and supplement.md>
//
// and commit it. With KINORA_SPEC_DIR naming that directory, test/unit/documented-endpoints.test.ts
// fails when the committed list is stale (without it that test is skipped, and scripts/test.ts lists it
// among the skipped tests); nothing reads the documents unless told where they are.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { format, resolveConfig } from "prettier";

export interface DocumentedEndpoint {
  method: string;
  /** As written, query string removed: /api/public/user/activate */
  path: string;
  /** Area: the document's "### heading" (Users, Box, ...), "Authentication" for the token endpoint. */
  area: string;
  source: "interface.md" | "supplement.md";
}

const root = path.resolve(import.meta.dirname, "..");
export const DOCUMENTED_ENDPOINTS_FILE = path.join(root, "test/support/documented-endpoints.json");

/** Where the documents are, when KINORA_SPEC_DIR names a directory holding them. */
export function specDir(): string | undefined {
  const dir = process.env.KINORA_SPEC_DIR;
  if (!dir) return undefined;
  return existsSync(path.join(dir, "interface.md")) && existsSync(path.join(dir, "supplement.md")) ? dir : undefined;
}

/** Paths compared with every {param} written as {}: the documents and the route tables name them differently. */
export const normalizePath = (p: string) =>
  p
    .replace(/\?.*$/, "")
    .replace(/\{[^}]*\}/g, "{}")
    .replace(/(.)\/+$/, "$1");
export const endpointKey = (method: string, p: string) => `${method.toUpperCase()} ${normalizePath(p)}`;

const ROW = /^\|\s*(GET|POST|DELETE|PUT|PATCH)\s*\|\s*([^|]+?)\s*\|/;

/** "/a/{x}/play and /api/public/a/{x}/play" -> both; "?token=<...>" dropped. */
function pathsOfCell(cell: string): string[] {
  return cell
    .split(/\s+and\s+/)
    .map((p) =>
      p
        .replace(/`/g, "")
        .replace(/\{base_url\}/g, "")
        .trim()
        .replace(/\?.*$/, ""),
    )
    .filter((p) => p.startsWith("/"));
}

/** The lines of a "## " section whose title starts with `title`. */
function section(markdown: string, title: string): string[] {
  const lines = markdown.split("\n");
  const start = lines.findIndex((l) => l.startsWith("## ") && l.slice(3).trim().startsWith(title));
  if (start < 0) throw new Error(`section "## ${title}" not found`);
  const end = lines.findIndex((l, i) => i > start && l.startsWith("## "));
  return lines.slice(start + 1, end < 0 ? undefined : end);
}

/** Areas of the supplement's §2 rows: the document area each one extends. */
const SUPPLEMENT_AREAS: [RegExp, string][] = [
  [/^\/api\/public\/user\//, "Users"],
  [/^\/api\/license\//, "Licenses"],
  [/^\/(api|asset)\/thumbnail\b/, "Thumbnails"],
  [/^\/api\/progressbar\/|^\/download\/content\//, "Box"],
  [/dailyprogramming|calendar|\/search\/cast\/programs/, "Cast programs and daily programming"],
];

/** Reads the endpoints out of the interface document (section "Endpoints", the token endpoint) and the supplement's §2 table. */
export function parseDocumentedEndpoints(dir: string): DocumentedEndpoint[] {
  const out: DocumentedEndpoint[] = [];
  const seen = new Set<string>();
  const add = (e: DocumentedEndpoint) => {
    const key = endpointKey(e.method, e.path);
    if (seen.has(key)) return;
    seen.add(key);
    out.push(e);
  };

  const doc = readFileSync(path.join(dir, "interface.md"), "utf8");
  let area = "";
  for (const line of section(doc, "Endpoints")) {
    const heading = /^###\s+(.+?)\s*$/.exec(line);
    if (heading) area = heading[1]!;
    const row = ROW.exec(line);
    if (row) for (const p of pathsOfCell(row[2]!)) add({ method: row[1]!, path: p, area, source: "interface.md" });
  }
  for (const line of section(doc, "Authentication")) {
    for (const m of line.matchAll(/\b(GET|POST)\s+`?\{base_url\}(\/[^\s`.,]+)/g))
      add({ method: m[1]!, path: m[2]!, area: "Authentication", source: "interface.md" });
  }

  const supplement = readFileSync(path.join(dir, "supplement.md"), "utf8");
  for (const line of section(supplement, "2.")) {
    const row = ROW.exec(line);
    if (!row) continue;
    for (const p of pathsOfCell(row[2]!)) {
      const supplementArea = SUPPLEMENT_AREAS.find(([re]) => re.test(p))?.[1] ?? "Supplement";
      add({ method: row[1]!, path: p, area: supplementArea, source: "supplement.md" });
    }
  }
  return out;
}

/** The file's text, formatted as `npm run format` leaves it. */
export async function formatDocumentedEndpoints(list: DocumentedEndpoint[]): Promise<string> {
  const options = (await resolveConfig(DOCUMENTED_ENDPOINTS_FILE)) ?? {};
  return format(JSON.stringify(list), { ...options, filepath: DOCUMENTED_ENDPOINTS_FILE });
}

async function main(): Promise<void> {
  const dir = process.argv[2] ? path.resolve(process.argv[2]) : specDir();
  if (!dir) {
    console.error("The documents are not here: pass their directory (interface.md, supplement.md) or set KINORA_SPEC_DIR.");
    process.exit(1);
  }
  const list = parseDocumentedEndpoints(dir);
  writeFileSync(DOCUMENTED_ENDPOINTS_FILE, await formatDocumentedEndpoints(list));
  console.log(`${list.length} endpoints written to ${path.relative(process.cwd(), DOCUMENTED_ENDPOINTS_FILE)}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) void main();
