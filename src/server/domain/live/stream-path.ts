import { randomBytes } from "node:crypto";
import { z } from "zod";
import type { Ctx } from "@/server/domain/context";

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

// GET /api/public/live/streampath?base=<name> - a free stream path built from `base` (a channel
// name): its slug and a random suffix (48 bits), e.g. "friday-night-3f9a2c81d0e4", URL-safe and
// valid for channel create. Checked free when generated; create still refuses one taken meanwhile.
export async function generateStreamPath(ctx: Ctx, input: z.output<typeof streamPathInput>): Promise<{ streamPath: string }> {
  const slug = slugOf(input.base);
  for (;;) {
    const streamPath = `${slug}-${randomBytes(6).toString("hex")}`;
    const taken = await ctx.db.liveChannel.findUnique({ where: { streamPath }, select: { id: true } });
    if (!taken) return { streamPath };
  }
}
