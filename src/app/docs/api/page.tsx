import type { Metadata } from "next";
import type { ReactNode } from "react";
import { version as redocVersion } from "redoc/package.json";
import { RedocViewer } from "@/components/docs/redoc-viewer";
import { openApiDocument } from "@/server/rest/routes";

// GET /docs/api - the REST reference: Redoc (self-hosted, /docs/api/viewer.js) renders the OpenAPI
// document the API serves, with its request and response examples. The page itself lists every
// operation (method, path, summary), so it says what the API has before the viewer has loaded, and
// without scripts.
export const metadata: Metadata = { title: "API reference" };
export const dynamic = "force-dynamic";

const OPENAPI_URL = "/api/public/openapi.json";
const FALLBACK_ID = "reference-outline";

/** Inline `code` spans of the document's descriptions. */
function text(value: string): ReactNode[] {
  return value
    .split(/(`[^`]+`)/)
    .map((part, i) => (part.startsWith("`") && part.endsWith("`") ? <code key={i}>{part.slice(1, -1)}</code> : part));
}

export default function ApiReferencePage() {
  const doc = openApiDocument();
  const byTag = new Map<string, { method: string; path: string; summary: string }[]>(doc.tags.map((t) => [t.name, []]));
  for (const [path, item] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(item) as [string, { tags?: string[]; summary?: string }][])
      byTag.get(op.tags?.[0] ?? "")?.push({ method: method.toUpperCase(), path, summary: op.summary ?? "" });
  return (
    <div className="api-reference">
      <RedocViewer specUrl={OPENAPI_URL} scriptUrl={`/docs/api/viewer.js?v=${redocVersion}`} fallbackId={FALLBACK_ID} />
      <div id={FALLBACK_ID} className="container">
        <h1>{doc.info.title}</h1>
        {doc.info.description.split("\n\n").map((para, i) => (
          <p key={i}>{text(para)}</p>
        ))}
        <p>
          The OpenAPI document: <a href={OPENAPI_URL}>{OPENAPI_URL}</a> (OpenAPI {doc.openapi}).
        </p>
        {[...byTag].map(([tag, ops]) =>
          ops.length ? (
            <section key={tag} aria-labelledby={`tag-${tag}`}>
              <h2 id={`tag-${tag}`}>{tag}</h2>
              <ul>
                {ops.map((op) => (
                  <li key={`${op.method} ${op.path}`}>
                    <code>
                      {op.method} {op.path}
                    </code>{" "}
                    {op.summary}
                  </li>
                ))}
              </ul>
            </section>
          ) : null,
        )}
      </div>
    </div>
  );
}
