import { z } from "zod";
import type { Ctx } from "@/server/core/context";
import { requireUserId } from "@/server/core/context";
import { notFound } from "@/server/core/errors";
import { captionLanguage } from "@/server/media/captions/caption-language";
import { deleteSubtitles, lockMedia, writeMediaPlaylists } from "@/server/media/ingest/media-playlists";
import { getStorage } from "@/server/media/storage";
import { editableMedia } from "./media-of-item";

export const deleteCaptionInput = z.object({ boxId: z.string(), language: z.string() });

// DELETE /api/box/{boxId}/captions/{language} - 204; the playlists stop naming it at once, then its
// files go. 404 for another user's item and for a language it has no caption in.
export async function deleteCaption(ctx: Ctx, input: z.output<typeof deleteCaptionInput>): Promise<void> {
  const media = await editableMedia(ctx.db, requireUserId(ctx), input.boxId);
  // the canonical tag ("en-US" for "EN-us"), or the tag as sent: a track kept from a source that named
  // no language is "und", which is no language to choose for an upload
  const language = captionLanguage(input.language)?.tag ?? input.language.trim();
  if (!language) throw notFound("error.captionNotFound");
  const { home } = media;
  const storage = await getStorage();
  const removed = await ctx.db.$transaction(
    async (tx) => {
      await lockMedia(tx, home.mediaId);
      const row = await tx.caption.findUnique({ where: { mediaId_language: { mediaId: home.mediaId, language } } });
      if (!row) return undefined;
      await tx.caption.delete({ where: { id: row.id } });
      await writeMediaPlaylists(tx, storage, home, { ladderOnly: true });
      return row.fileName;
    },
    { timeout: 30_000 },
  );
  if (!removed) throw notFound("error.captionNotFound");
  await deleteSubtitles(storage, home, removed);
}
