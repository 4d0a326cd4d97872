import { randomBytes } from "node:crypto";
import { z } from "zod";
import type { Prisma } from "@/generated/prisma/client";
import type { Ctx } from "@/server/core/context";
import { requireUserId } from "@/server/core/context";
import { invalid, type FieldError } from "@/server/core/errors";
import { toWebVtt } from "@/lib/webvtt";
import { lockMedia, writeMediaPlaylists } from "@/server/media/ingest/media-playlists";
import { boxHlsFileKey } from "@/server/media/keys";
import { getStorage } from "@/server/media/storage";
import { Readable } from "node:stream";
import { editableMedia, itemMedia } from "./media-of-item";

/** One chapter: where it starts (seconds from the start) and its title. */
export interface Chapter {
  start: number;
  title: string;
}

export const MAX_CHAPTERS = 500;
export const MAX_CHAPTER_TITLE = 200;

export const getChaptersInput = z.object({ boxId: z.string() });
export const setChaptersInput = z.object({
  boxId: z.string(),
  // the list itself (REST's body) or {chapters: [...]}
  chapters: z.unknown(),
});

/** The stored list (StoredMedia.chapters), as written by setChapters or the ingest. */
export function chaptersOf(value: unknown): Chapter[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (c): c is Chapter => typeof c === "object" && c !== null && typeof c.start === "number" && typeof c.title === "string",
  );
}

/** The chapters as a WebVTT chapters track: each from its start to the next one's (the last to the end). */
export function chaptersVtt(chapters: readonly Chapter[], durationSeconds: number): string {
  return toWebVtt(
    chapters.map((c, i) => ({ start: c.start, end: Math.max(chapters[i + 1]?.start ?? durationSeconds, c.start + 0.001), text: c.title })),
  );
}

/** The list checked: starts inside the duration and ascending, titles 1 to MAX_CHAPTER_TITLE characters; every fault named. */
export function checkChapters(input: unknown, durationSeconds: number): Chapter[] {
  const list = Array.isArray(input) ? input : (input as { chapters?: unknown } | null)?.chapters;
  if (!Array.isArray(list)) throw invalid([{ field: "chapters", message: "field.type", params: { type: "array" } }]);
  if (list.length > MAX_CHAPTERS) throw invalid([{ field: "chapters", message: "field.chapterCount", params: { max: MAX_CHAPTERS } }]);
  const errors: FieldError[] = [];
  const out: Chapter[] = [];
  let previous = -1;
  list.forEach((raw: unknown, i) => {
    const item = (typeof raw === "object" && raw !== null ? raw : {}) as { start?: unknown; title?: unknown };
    const start = typeof item.start === "string" && item.start.trim() !== "" ? Number(item.start) : item.start;
    const title = typeof item.title === "string" ? item.title.trim().replace(/\s+/g, " ") : "";
    if (item.start === undefined || item.start === null) errors.push({ field: `chapters.${i}.start`, message: "field.required" });
    else if (typeof start !== "number" || !Number.isFinite(start) || start < 0 || start >= durationSeconds || start <= previous)
      errors.push({
        field: `chapters.${i}.start`,
        message: "field.chapterStart",
        params: { max: Math.floor(durationSeconds * 1000) / 1000 },
      });
    if (!title || title.length > MAX_CHAPTER_TITLE)
      errors.push({ field: `chapters.${i}.title`, message: "field.chapterTitle", params: { max: MAX_CHAPTER_TITLE } });
    if (typeof start === "number" && Number.isFinite(start)) previous = Math.max(previous, start);
    out.push({ start: Math.round(Number(start) * 1000) / 1000, title });
  });
  if (errors.length > 0) throw invalid(errors);
  return out;
}

// GET /api/box/{boxId}/chapters - [{start, title}], start in seconds, ascending (an acquired copy: its
// seller's); 404 for another user's item.
export async function getChapters(ctx: Ctx, input: z.output<typeof getChaptersInput>): Promise<Chapter[]> {
  const media = await itemMedia(ctx.db, requireUserId(ctx), input.boxId);
  const row = await ctx.db.storedMedia.findUnique({ where: { id: media.home.mediaId }, select: { chapters: true } });
  return chaptersOf(row?.chapters);
}

// POST /api/box/{boxId}/chapters - replaces the chapters with the list sent (empty: none): 200 the
// list as stored. 400 for a start outside the duration or out of order. The player's timeline and the
// watch page read them from a WebVTT track the master playlist names (a new file per edit).
export async function setChapters(ctx: Ctx, input: z.output<typeof setChaptersInput>): Promise<Chapter[]> {
  const media = await editableMedia(ctx.db, requireUserId(ctx), input.boxId);
  const duration = media.durationSeconds ?? 0;
  const chapters = checkChapters(input.chapters, duration);
  const { home } = media;
  const storage = await getStorage();
  const file = chapters.length > 0 ? `chapters-${randomBytes(4).toString("hex")}.vtt` : null;
  if (file)
    await storage.putStream(boxHlsFileKey(home.ownerId, home.mediaId, file), Readable.from([chaptersVtt(chapters, duration)]), {
      contentType: "text/vtt",
    });
  const before = await ctx.db
    .$transaction(
      async (tx) => {
        await lockMedia(tx, home.mediaId);
        const row = await tx.storedMedia.findUnique({ where: { id: home.mediaId }, select: { chaptersFile: true } });
        await tx.storedMedia.update({
          where: { id: home.mediaId },
          data: { chapters: chapters as unknown as Prisma.InputJsonValue, chaptersFile: file },
        });
        await writeMediaPlaylists(tx, storage, home, { ladderOnly: true });
        return row?.chaptersFile ?? null;
      },
      { timeout: 30_000 },
    )
    .catch(async (err: unknown) => {
      if (file) await storage.delete(boxHlsFileKey(home.ownerId, home.mediaId, file)).catch(() => undefined);
      throw err;
    });
  if (before && before !== file) await storage.delete(boxHlsFileKey(home.ownerId, home.mediaId, before));
  return chapters;
}
