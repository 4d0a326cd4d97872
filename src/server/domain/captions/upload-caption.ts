import { randomBytes } from "node:crypto";
import { z } from "zod";
import type { Ctx } from "@/server/core/context";
import { requireUserId } from "@/server/core/context";
import { DomainError, invalid, type FieldError } from "@/server/core/errors";
import { isStorableText } from "@/server/core/storable-text";
import { isUploadParts, readPartBytes, skipPart, type UploadParts } from "@/server/domain/box/upload-parts";
import { captionLanguage } from "@/server/media/captions/caption-language";
import { MAX_CUES, MAX_CUE_TEXT, cuesUntil, parseCaptions, type Cue } from "@/lib/webvtt";
import { deleteSubtitles, lockMedia, previewSeconds, putSubtitles, writeMediaPlaylists } from "@/server/media/ingest/media-playlists";
import { getStorage } from "@/server/media/storage";
import { toCaptionView, type CaptionView } from "./caption-view";
import { editableMedia } from "./media-of-item";

/** Caption files are at most this large (held in memory while read). */
export const MAX_CAPTION_MB = 5;
const MAX_BYTES = MAX_CAPTION_MB * 1024 * 1024;
export const MAX_LABEL = 64;
/** Caption tracks of one content at most (languages and regional variants). */
export const MAX_CAPTIONS = 50;

export const uploadCaptionInput = z.object({
  boxId: z.string(),
  parts: z.custom<UploadParts>(isUploadParts),
  declaredBytes: z.number().int().nonnegative().optional(),
});

const tooLarge = () => new DomainError("PAYLOAD_TOO_LARGE", "error.captionTooLarge", { max: MAX_CAPTION_MB });

/** The multipart body: the file (a file part, or a text field of that name) and the fields. */
async function readParts(parts: UploadParts): Promise<{ file?: Buffer; fields: Map<string, string> }> {
  const fields = new Map<string, string>();
  let file: Buffer | undefined;
  for await (const part of parts) {
    if (part.kind === "field") {
      if (part.name === "file" && !file) file = Buffer.from(part.value, "utf8");
      else if (!fields.has(part.name)) fields.set(part.name, part.value);
      continue;
    }
    if (part.name !== "file" || file) {
      skipPart(part);
      continue;
    }
    file = await readPartBytes(part, MAX_BYTES, tooLarge);
  }
  if (file && file.length > MAX_BYTES) throw tooLarge();
  return { file, fields };
}

const KINDS: Record<string, "SUBTITLES" | "CAPTIONS"> = { subtitles: "SUBTITLES", captions: "CAPTIONS", sdh: "CAPTIONS", cc: "CAPTIONS" };
const FAULT_MESSAGES = {
  empty: "field.captionEmpty",
  timing: "field.captionTiming",
  order: "field.captionOrder",
  tooLong: "field.captionTooLong",
  tooMany: "field.captionTooMany",
} as const;

interface CaptionUpload {
  language: string;
  label: string;
  kind: "SUBTITLES" | "CAPTIONS";
  cues: Cue[];
}

/** The upload checked: every faulty field named at once (the file's fault with its line). */
function checkUpload(file: Buffer | undefined, fields: Map<string, string>): CaptionUpload {
  const errors: FieldError[] = [];
  const languageInput = fields.get("language")?.trim() ?? "";
  const language = languageInput ? captionLanguage(languageInput) : undefined;
  if (!languageInput) errors.push({ field: "language", message: "field.required" });
  else if (!language) errors.push({ field: "language", message: "field.languageTag" });
  const label = (fields.get("label") ?? "").trim() || language?.name || "";
  if (label.length > MAX_LABEL) errors.push({ field: "label", message: "field.tooLong", params: { max: MAX_LABEL } });
  else if (!isStorableText(label) || /[\u0000-\u001f\u007f]/.test(label)) errors.push({ field: "label", message: "field.invalid" });
  const kindInput = (fields.get("kind") ?? "").trim().toLowerCase();
  const kind = kindInput ? KINDS[kindInput] : "SUBTITLES";
  if (!kind) errors.push({ field: "kind", message: "field.captionKind" });
  let cues: Cue[] = [];
  if (!file || file.length === 0) errors.push({ field: "file", message: "field.required" });
  else {
    let text: string | undefined;
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(file);
    } catch {
      errors.push({ field: "file", message: "field.captionEncoding" });
    }
    if (text !== undefined) {
      const parsed = parseCaptions(text);
      if (parsed.ok) cues = parsed.cues;
      else
        errors.push({
          field: "file",
          message: FAULT_MESSAGES[parsed.reason],
          params: { line: parsed.line, max: parsed.reason === "tooMany" ? MAX_CUES : MAX_CUE_TEXT },
        });
    }
  }
  if (errors.length > 0) throw invalid(errors);
  return { language: language!.tag, label, kind: kind!, cues };
}

// POST /api/box/{boxId}/captions - a WebVTT or SRT file (multipart `file`) in one language
// (`language`, BCP 47), with a `label` (default: the language's English name) and a `kind`
// (subtitles, or captions for the deaf and hard of hearing): 201 the caption. The same language
// again replaces it. Stored as WebVTT in the item's HLS tree and, cut at the preview's end, in its
// preview's; the playlists name it at once (no re-encode). The owner's READY upload only.
export async function uploadCaption(ctx: Ctx, input: z.output<typeof uploadCaptionInput>): Promise<CaptionView> {
  const ownerId = requireUserId(ctx);
  if (input.declaredBytes !== undefined && input.declaredBytes > MAX_BYTES + 64 * 1024) throw tooLarge();
  const media = await editableMedia(ctx.db, ownerId, input.boxId);
  const { file, fields } = await readParts(input.parts);
  const upload = checkUpload(file, fields);
  const { home } = media;
  const storage = await getStorage();
  const stored = await ctx.db.storedMedia.findUnique({ where: { id: home.mediaId }, select: { previewMaster: true } });
  const duration = media.durationSeconds || (upload.cues.at(-1)?.end ?? 0);
  const previewLength = await previewSeconds(storage, home, stored?.previewMaster ?? false);
  const previewCues = previewLength ? cuesUntil(upload.cues, previewLength) : [];
  // new files under a new name (the edge caches .vtt for a year), named by the playlists only once written
  const fileName = `${upload.language}-${randomBytes(4).toString("hex")}`;
  await putSubtitles(storage, home, "hls", fileName, upload.cues, duration);
  if (previewCues.length > 0) await putSubtitles(storage, home, "preview", fileName, previewCues, previewLength!);
  let replaced: string | undefined;
  let row;
  try {
    row = await ctx.db.$transaction(
      async (tx) => {
        await lockMedia(tx, home.mediaId);
        const before = await tx.caption.findUnique({ where: { mediaId_language: { mediaId: home.mediaId, language: upload.language } } });
        replaced = before?.fileName;
        if (!before && (await tx.caption.count({ where: { mediaId: home.mediaId } })) >= MAX_CAPTIONS)
          throw new DomainError("CONFLICT", "error.tooManyCaptions", { max: MAX_CAPTIONS });
        const data = {
          label: upload.label,
          kind: upload.kind,
          origin: "UPLOAD" as const,
          fileName,
          cueCount: upload.cues.length,
          previewCues: previewCues.length,
        };
        const saved = await tx.caption.upsert({
          where: { mediaId_language: { mediaId: home.mediaId, language: upload.language } },
          create: { mediaId: home.mediaId, language: upload.language, ...data },
          update: data,
        });
        await writeMediaPlaylists(tx, storage, home, { ladderOnly: true });
        return saved;
      },
      { timeout: 30_000 },
    );
  } catch (err) {
    await deleteSubtitles(storage, home, fileName).catch(() => undefined);
    throw err;
  }
  if (replaced) await deleteSubtitles(storage, home, replaced);
  return toCaptionView(row);
}
