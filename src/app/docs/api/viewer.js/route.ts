import { readFile } from "node:fs/promises";
import path from "node:path";

// GET /docs/api/viewer.js - the API reference's viewer, Redoc's standalone bundle, served from the
// installed package (self-hosted: the reference makes no request outside this server). Its URL
// carries the package's version, so browsers keep it as long as they like.
export const dynamic = "force-static";

const FILE = path.join(process.cwd(), "node_modules", "redoc", "bundles", "redoc.standalone.js");

// The one thing the bundle loads from elsewhere: the logo beside its "API docs by Redocly" link,
// replaced by an inline picture (the link stays).
const REMOTE_LOGO = "https://cdn.redoc.ly/redoc/logo-mini.svg";
const INLINE_LOGO =
  "data:image/svg+xml," +
  encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16"><circle cx="8" cy="8" r="6" fill="#8f8fb0"/></svg>');

let bundle: Promise<Buffer> | undefined;

export async function GET(): Promise<Response> {
  bundle ??= readFile(FILE, "utf8").then((code) => Buffer.from(code.replaceAll(REMOTE_LOGO, INLINE_LOGO)));
  return new Response(new Uint8Array(await bundle), {
    headers: { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "public, max-age=31536000, immutable" },
  });
}
