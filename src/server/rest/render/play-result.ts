import type { PlayGranted, PlayOutcome } from "@/server/domain/playback/sign-playback";
import { translate, type Lang } from "@/server/i18n/messages";
import { json } from "@/server/rest/error-body";

/** The response header carrying a PLAY's play session (docs/analytics.md): the body keeps the document's shape. */
export const PLAY_SESSION_HEADER = "Kinora-Play-Session";

/** A play's answer: `body` (its rendered play result), with the play session in PLAY_SESSION_HEADER when it plays. */
export function playResponse(played: object, body: unknown): Response {
  const token = "playSession" in played && typeof played.playSession === "string" ? played.playSession : undefined;
  return json(200, body, token ? { [PLAY_SESSION_HEADER]: token } : {});
}

/**
 * The document's play result: {resource, result, srcs, mimeType, file, streamer, uniqueStreamer}
 * for PLAY; {resource, result, message} for a refusal, BAND_LIMIT_EXCEEDED, PAYMENT_REQUIRED or SUBSCRIPTION_REQUIRED (supplement §1).
 * `resource` arrives rendered by its own context's renderer (box item, vod item, ...).
 */
export function renderPlayResult(outcome: PlayOutcome, resource: unknown, lang: Lang) {
  if (outcome.result !== "PLAY") return { resource, result: outcome.result, message: translate(lang, outcome.messageId) };
  const granted: PlayGranted = outcome;
  return {
    resource,
    result: granted.result,
    srcs: granted.srcs.map((s) => ({ mimeType: s.mimeType, streamer: s.streamer, uniqueStreamer: s.uniqueStreamer })),
    mimeType: granted.mimeType,
    file: granted.file,
    streamer: granted.streamer,
    uniqueStreamer: granted.uniqueStreamer,
  };
}

/** OpenAPI description of the play result (resource described by the caller). */
export function playResultSchema(resource: Record<string, unknown>): Record<string, unknown> {
  const url = { type: "string", format: "uri" };
  return {
    type: "object",
    required: ["resource", "result"],
    properties: {
      resource,
      result: {
        type: "string",
        enum: ["PLAY", "BAND_LIMIT_EXCEEDED", "PAYMENT_REQUIRED", "SUBSCRIPTION_REQUIRED", "NOT_ON_AIR"],
        description:
          "PLAY with srcs; PAYMENT_REQUIRED (pay, then play with {trackingId}), SUBSCRIPTION_REQUIRED (subscribe to the vod's bundle, then play), NOT_ON_AIR (live: nothing on air) and BAND_LIMIT_EXCEEDED with a message, no srcs",
      },
      message: { type: "string", description: "why playing is refused (result other than PLAY)" },
      srcs: {
        type: "array",
        items: {
          type: "object",
          required: ["mimeType", "streamer", "uniqueStreamer"],
          properties: { mimeType: { type: "string", enum: ["application/x-mpegurl"] }, streamer: url, uniqueStreamer: url },
        },
      },
      mimeType: { type: "string", enum: ["application/x-mpegurl"] },
      file: url,
      streamer: url,
      uniqueStreamer: url,
    },
  };
}
