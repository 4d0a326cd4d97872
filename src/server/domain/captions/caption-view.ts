import type { Caption } from "@/generated/prisma/client";

/** A caption track as REST and the portal show it. */
export interface CaptionView {
  language: string;
  label: string;
  /** captions: for the deaf and hard of hearing (dialogue and sounds); subtitles: the dialogue. */
  kind: "subtitles" | "captions";
  /** upload: sent by the owner; source: a subtitle stream of the uploaded file, kept at ingest. */
  source: "upload" | "source";
  cues: number;
  createdAt: Date;
  updatedAt: Date;
}

export function toCaptionView(c: Caption): CaptionView {
  return {
    language: c.language,
    label: c.label,
    kind: c.kind === "CAPTIONS" ? "captions" : "subtitles",
    source: c.origin === "SOURCE" ? "source" : "upload",
    cues: c.cueCount,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
  };
}
