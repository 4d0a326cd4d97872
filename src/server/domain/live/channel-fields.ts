import { z } from "zod";
import { emptyToUndefined, zBool, zOptionalText, zTags, zText } from "@/server/core/schema";

export const CHANNEL_NAME_MAX = 200;
export const CHANNEL_DESCRIPTION_MAX = 4000;

/**
 * A stream path: the last segment of the encoder's RTMP URL and of the channel's HLS folder, so
 * URL-safe and case-free: 3 to 64 of a-z, 0-9, '-' and '_', starting with a letter or digit (the
 * stream path operation generates one from a name).
 */
export const STREAM_PATH = /^[a-z0-9][a-z0-9_-]{2,63}$/;

/**
 * The body of channel create and update (interface Live channels table): name and streamPath
 * required; description, public (default true: listed in public pages), thumbnailId (one of the
 * caller's thumbnails) and tags optional. Read-only fields posted back (channelId,
 * streamingBaseUrl, publisher) are ignored.
 */
export const channelFields = z.object({
  name: zText(CHANNEL_NAME_MAX),
  streamPath: z.preprocess(
    (v) => (typeof v === "string" ? emptyToUndefined(v.trim()) : v),
    z
      .string({ error: (issue) => (issue.input === undefined ? "field.required" : "field.streamPath") })
      .regex(STREAM_PATH, "field.streamPath"),
  ),
  description: zOptionalText(CHANNEL_DESCRIPTION_MAX),
  public: z.preprocess((v) => emptyToUndefined(v) ?? true, zBool()),
  thumbnailId: z.preprocess(emptyToUndefined, z.uuid("field.thumbnailId").optional()),
  tags: z.preprocess((v) => v ?? [], zTags()),
});

export type ChannelFields = z.output<typeof channelFields>;
