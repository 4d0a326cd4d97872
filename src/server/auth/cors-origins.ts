import { declareCommitCache } from "@/server/db/commit-cache";
import { columnMap, tableAs, watchedTables } from "@/server/db/column-map";
import type { SqlPort } from "@/server/db/sql-runner";

// The browser origins that may call the REST interface from another site (issue 27 item 4): those
// registered for OAuth clients (admin: /api/admin/clients/{clientId}/origins) and for API keys, as
// long as they are not revoked. Read through commit-watched caches (on PGlite no statement while no
// client or key changed).

type OriginsRow = { origins: string[] };

const c = tableAs("OAuthClient", "c");
const k = tableAs("ApiKey", "k");
const CLIENT = columnMap({ origins: c.col("origins") }, c.reads("id", "revokedAt"));
const KEY = columnMap({ origins: k.col("origins") }, k.reads("revokedAt"));

const ALL_SQL = `SELECT ${CLIENT.select} FROM "OAuthClient" c WHERE c."revokedAt" IS NULL AND cardinality(c."origins") > 0
  UNION ALL SELECT ${KEY.select} FROM "ApiKey" k WHERE k."revokedAt" IS NULL AND cardinality(k."origins") > 0`;
const CLIENT_SQL = `SELECT ${CLIENT.select} FROM "OAuthClient" c WHERE c."id" = $1 AND c."revokedAt" IS NULL`;

const allCache = declareCommitCache<{ list: string[] }>({
  name: "cors_origins",
  watch: watchedTables(CLIENT.reads, KEY.reads),
  maxEntries: 1,
});
const clientCache = declareCommitCache<OriginsRow>({ name: "client_origins", watch: watchedTables(CLIENT.reads), maxEntries: 1000 });

/** Every origin some live OAuth client or API key allows. */
export async function corsOrigins(sql: SqlPort): Promise<Set<string>> {
  const all = await sql.cached(allCache, "all", async () => ({
    list: [...new Set((await sql.read<OriginsRow>(ALL_SQL, [])).flatMap((r) => r.origins))],
  }));
  return new Set(all?.list ?? []);
}

/** The origins a live OAuth client allows (none for an unknown or revoked one). */
export async function clientOrigins(sql: SqlPort, clientId: string): Promise<string[]> {
  return (
    (await sql.cached(clientCache, clientId, async () => (await sql.read<OriginsRow>(CLIENT_SQL, [clientId]))[0] ?? null))?.origins ?? []
  );
}
