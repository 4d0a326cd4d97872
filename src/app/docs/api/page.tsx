import type { Metadata } from "next";
import type { CSSProperties, ReactNode } from "react";
import { openApiDocument } from "@/server/rest/routes";
import { responseNameByStatus } from "@/server/rest/openapi-components";
import { referenceModel, type FieldRow, type OperationView } from "./reference-model";

// GET /docs/api - the REST reference, rendered from the same OpenAPI document the API serves.
export const metadata: Metadata = { title: "API reference" };
export const dynamic = "force-dynamic";

const OPENAPI_URL = "/api/public/openapi.json";

const s = {
  page: { maxWidth: "72rem", margin: "0 auto", padding: "1rem" },
  muted: { color: "var(--muted, #5d6075)" },
  op: { borderTop: "1px solid var(--border, #d9dbe6)", padding: "0.75rem 0 1rem" },
  opTitle: { fontSize: "1.05rem", margin: "0 0 0.25rem", display: "flex", gap: "0.5rem", alignItems: "baseline", flexWrap: "wrap" },
  method: { fontFamily: "monospace", fontWeight: 700, minWidth: "4.5em" },
  path: { fontFamily: "monospace", overflowWrap: "anywhere" },
  facts: { margin: "0.25rem 0", display: "flex", gap: "1.25rem", flexWrap: "wrap", fontSize: "0.9rem" },
  table: { borderCollapse: "collapse", tableLayout: "fixed", width: "100%", fontSize: "0.9rem", margin: "0.5rem 0" },
  cell: {
    borderBottom: "1px solid var(--border, #d9dbe6)",
    padding: "0.25rem 0.5rem",
    textAlign: "left",
    verticalAlign: "top",
    overflowWrap: "anywhere",
  },
  code: { fontFamily: "monospace" },
} satisfies Record<string, CSSProperties>;

/** Inline `code` spans of the document's descriptions. */
function text(value: string): ReactNode[] {
  return value.split(/(`[^`]+`)/).map((part, i) =>
    part.startsWith("`") && part.endsWith("`") ? (
      <code key={i} style={s.code}>
        {part.slice(1, -1)}
      </code>
    ) : (
      part
    ),
  );
}

function Fields({ caption, rows }: { caption: string; rows: FieldRow[] }) {
  return (
    <table style={s.table}>
      <caption style={{ textAlign: "left", fontWeight: 600 }}>{caption}</caption>
      <colgroup>
        <col style={{ width: "26%" }} />
        <col style={{ width: "22%" }} />
        <col style={{ width: "10%" }} />
        <col />
      </colgroup>
      <thead>
        <tr>
          <th style={s.cell}>Field</th>
          <th style={s.cell}>Type</th>
          <th style={s.cell}>Required</th>
          <th style={s.cell}>Notes</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.name}>
            <td style={{ ...s.cell, ...s.code }}>{r.name}</td>
            <td style={s.cell}>{r.type}</td>
            <td style={s.cell}>{r.required ? "yes" : "no"}</td>
            <td style={s.cell}>{r.notes}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Operation({ op }: { op: OperationView }) {
  const bodyLabel =
    op.bodyType === "application/json" ? "JSON body" : op.bodyType === "multipart/form-data" ? "Multipart form" : "Form body";
  return (
    <article id={op.id} style={s.op}>
      <h3 style={s.opTitle}>
        <span style={s.method}>{op.method}</span>
        <span style={s.path}>{op.path}</span>
      </h3>
      <p style={{ margin: 0 }}>{op.summary}</p>
      {op.description ? <p style={{ ...s.muted, margin: "0.25rem 0" }}>{text(op.description)}</p> : null}
      <p style={s.facts}>
        <span>
          <strong>Auth:</strong> {op.auth}
        </span>
        <span>
          <strong>Success:</strong> {op.status}
        </span>
        {op.errors.length ? (
          <span>
            <strong>Errors:</strong> {op.errors.join(", ")}
          </span>
        ) : null}
        {op.pathParams.length ? (
          <span>
            <strong>Path parameters:</strong> <span style={s.code}>{op.pathParams.join(", ")}</span>
          </span>
        ) : null}
      </p>
      {op.query.length ? <Fields caption="Query parameters" rows={op.query} /> : null}
      {op.body.map((t, i) => (
        <Fields key={i} caption={t.title ? `${bodyLabel}: ${t.title}` : bodyLabel} rows={t.rows} />
      ))}
      {op.method === "POST" && !op.body.length ? (
        <p style={{ ...s.muted, fontSize: "0.9rem", margin: 0 }}>
          No body (absent, {"{}"} and &quot;{"{ }"}&quot; are accepted).
        </p>
      ) : null}
    </article>
  );
}

export default function ApiReferencePage() {
  const doc = openApiDocument();
  const tags = referenceModel(doc);
  return (
    <div style={s.page}>
      <h1>API reference</h1>
      {doc.info.description.split("\n\n").map((para, i) => (
        <p key={i}>{text(para)}</p>
      ))}
      <p>
        Machine-readable: <a href={OPENAPI_URL}>{OPENAPI_URL}</a> (OpenAPI {doc.openapi}).
      </p>
      <nav aria-label="Contexts">
        <ul>
          {tags.map((t) => (
            <li key={t.name}>
              <a href={`#${encodeURIComponent(t.name)}`}>{t.name}</a> <span style={s.muted}>({t.operations.length})</span>
            </li>
          ))}
          <li>
            <a href="#errors">Errors</a>
          </li>
        </ul>
      </nav>
      {tags.map((t) => (
        <section key={t.name} id={encodeURIComponent(t.name)}>
          <h2>{t.name}</h2>
          {t.description ? <p style={s.muted}>{t.description}</p> : null}
          {t.operations.map((op) => (
            <Operation key={`${op.method} ${op.path}`} op={op} />
          ))}
        </section>
      ))}
      <section id="errors">
        <h2>Errors</h2>
        <p>
          OAuth failures answer <code style={s.code}>{"{error, error_description}"}</code>; every other failure answers{" "}
          <code style={s.code}>{"{timestamp, status, error, message, path}"}</code>, plus <code style={s.code}>errors[]</code> ({" "}
          <code style={s.code}>{"{field, defaultMessage}"}</code>) on a validation failure.
        </p>
        <table style={s.table}>
          <tbody>
            {Object.entries(responseNameByStatus).map(([status, name]) => (
              <tr key={status}>
                <td style={{ ...s.cell, ...s.code }}>{status}</td>
                <td style={s.cell}>{String(doc.components.responses[name]?.description ?? "")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
