import { randomBytes } from "node:crypto";
import { z } from "zod";
import type { DbOrTx } from "@/server/db/client";
import type { Ctx } from "@/server/core/context";

export const streamPathInput = z.object({
  base: z.preprocess((v) => (typeof v === "string" ? v.slice(0, 200) : undefined), z.string().optional()),
});

/** The slug of a name: ASCII lower-case words joined by '-', accents dropped, at most 40 characters. */
export function slugOf(name: string | undefined): string {
  const slug = (name ?? "")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40)
    .replace(/-+$/, "");
  return slug || "live";
}

/**
 * Whether a stream path names a live channel, a cast channel or a cast stream other than `exceptId`:
 * the three share the ingest's and the output's name space (a cast stream publishes through the
 * live ingest), each table's unique index guarding only its own rows.
 */
export async function streamPathInUse(db: DbOrTx, streamPath: string, exceptId?: string): Promise<boolean> {
  const rows = await db.$queryRaw<{ id: string }[]>`SELECT "id"::text AS id FROM "LiveChannel" WHERE "streamPath" = ${streamPath}
    UNION ALL SELECT "id"::text FROM "CastChannel" WHERE "streamPath" = ${streamPath}
    UNION ALL SELECT "id"::text FROM "CastStream" WHERE "streamPath" = ${streamPath}`;
  return rows.some((r) => r.id !== exceptId);
}

// GET /api/public/live/streampath?base=<name> and /api/public/cast/streampath?base=<name> - a free
// stream path built from `base` (a channel or stream name): its slug and a random suffix (48 bits),
// e.g. "friday-night-3f9a2c81d0e4", URL-safe and valid for channel and stream create. Checked free
// when generated; create still refuses one taken meanwhile.
export async function generateStreamPath(ctx: Ctx, input: z.output<typeof streamPathInput>): Promise<{ streamPath: string }> {
  const slug = slugOf(input.base);
  for (;;) {
    const streamPath = `${slug}-${randomBytes(6).toString("hex")}`;
    if (!(await streamPathInUse(ctx.db, streamPath))) return { streamPath };
  }
}
