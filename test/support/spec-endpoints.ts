// Reads the documented endpoints out of the interface document and its supplement, area by area.
import { readFileSync } from "node:fs";
import path from "node:path";

export interface DocumentedEndpoint {
  method: string;
  /** As written, query string removed: /api/public/user/activate */
  path: string;
  /** Area: the document's "### heading" (Users, Box, ...), "Authentication" for the token endpoint. */
  area: string;
  source: "interface.md" | "supplement.md";
}

const root = path.resolve(import.meta.dirname, "../..");
export const specDir = () => process.env.KINORA_SPEC_DIR ?? path.resolve(root, "../shared/spec");

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

export function documentedEndpoints(dir = specDir()): DocumentedEndpoint[] {
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
