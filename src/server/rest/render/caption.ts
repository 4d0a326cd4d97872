import type { CaptionView } from "@/server/domain/captions/caption-view";

/** A caption track: times as ISO 8601 instants. */
export function renderCaption(c: CaptionView) {
  return {
    language: c.language,
    label: c.label,
    kind: c.kind,
    source: c.source,
    cues: c.cues,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

export const captionSchema = {
  type: "object",
  required: ["language", "label", "kind", "source", "cues", "createdAt", "updatedAt"],
  properties: {
    language: { type: "string", description: "BCP 47 language tag, canonical (en, pt-BR, zh-Hant)" },
    label: { type: "string", description: "the name players show (default: the language's English name)" },
    kind: { type: "string", enum: ["subtitles", "captions"], description: "captions: for the deaf and hard of hearing" },
    source: { type: "string", enum: ["upload", "source"], description: "source: a subtitle stream of the uploaded file" },
    cues: { type: "integer" },
    createdAt: { type: "string", format: "date-time" },
    updatedAt: { type: "string", format: "date-time" },
  },
};

export const chaptersSchema = {
  type: "array",
  items: {
    type: "object",
    required: ["start", "title"],
    properties: { start: { type: "number", description: "seconds from the start" }, title: { type: "string" } },
  },
};
