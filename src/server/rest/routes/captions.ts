import { z } from "zod";
import { route, untrusted } from "@/server/rest/route";
import { declaredLength, multipartParts } from "@/server/rest/multipart";
import { refuseDuringBody } from "@/server/rest/refuse-during-body";
import { listCaptionsInput } from "@/server/domain/captions/list-captions";
import { deleteCaptionInput } from "@/server/domain/captions/delete-caption";
import { getChaptersInput } from "@/server/domain/captions/chapters";
import { captionSchema, chaptersSchema, renderCaption } from "@/server/rest/render/caption";

/** The multipart fields of POST /api/box/{boxId}/captions, for the OpenAPI document. */
const captionForm = z.object({
  file: z.string().meta({ format: "binary", description: "WebVTT or SRT, UTF-8, at most 5 MB" }),
  language: z.string().meta({ description: "BCP 47 language tag: en, pt-BR, zh-Hant" }),
  label: z.string().max(64).optional().meta({ description: "the name players show; default the language's English name" }),
  kind: z
    .enum(["subtitles", "captions"])
    .optional()
    .meta({ description: "captions: for the deaf and hard of hearing (default subtitles)" }),
});

const chaptersBody = z.array(z.object({ start: z.number(), title: z.string().max(200) }));

// A box item's captions and chapters (issue 26): fixed paths, as a client relies on them.
export const captionRoutes = [
  // POST /api/box/{boxId}/captions - a WebVTT or SRT file in one language -> 201 the caption (the same language again replaces it)
  route({
    method: "POST",
    path: "/api/box/{boxId}/captions",
    auth: "private",
    status: 201,
    summary: "Add or replace a caption track",
    requestSchema: captionForm,
    responseSchema: captionSchema,
    errors: [404, 409, 413],
    rawBody: true,
    handle: async (call) => {
      try {
        const caption = await call.caller.captions.upload(
          untrusted({ boxId: call.params.boxId, parts: multipartParts(call.request), declaredBytes: declaredLength(call.request) }),
        );
        return renderCaption(caption);
      } catch (err) {
        return refuseDuringBody(err, call);
      }
    },
  }),
  // GET /api/box/{boxId}/captions - the item's caption tracks
  route({
    method: "GET",
    path: "/api/box/{boxId}/captions",
    auth: "private",
    status: 200,
    summary: "List a box item's caption tracks",
    requestSchema: listCaptionsInput,
    responseSchema: { type: "array", items: captionSchema },
    errors: [404],
    handle: async ({ caller, params }) => (await caller.captions.list(untrusted({ boxId: params.boxId }))).map(renderCaption),
  }),
  // DELETE /api/box/{boxId}/captions/{language} - 204
  route({
    method: "DELETE",
    path: "/api/box/{boxId}/captions/{language}",
    auth: "private",
    status: 204,
    summary: "Delete a caption track",
    requestSchema: deleteCaptionInput,
    errors: [404, 409],
    handle: async ({ caller, params }) => caller.captions.delete(untrusted({ boxId: params.boxId, language: params.language })),
  }),
  // GET /api/box/{boxId}/chapters - [{start, title}]
  route({
    method: "GET",
    path: "/api/box/{boxId}/chapters",
    auth: "private",
    status: 200,
    summary: "Read a box item's chapters",
    requestSchema: getChaptersInput,
    responseSchema: chaptersSchema,
    errors: [404],
    handle: async ({ caller, params }) => caller.captions.chapters(untrusted({ boxId: params.boxId })),
  }),
  // POST /api/box/{boxId}/chapters - replaces the chapters with the list sent -> 200 the list
  route({
    method: "POST",
    path: "/api/box/{boxId}/chapters",
    auth: "private",
    status: 200,
    summary: "Replace a box item's chapters",
    requestSchema: chaptersBody,
    responseSchema: chaptersSchema,
    errors: [404, 409],
    handle: async ({ caller, params, body }) => caller.captions.setChapters(untrusted({ boxId: params.boxId, chapters: body })),
  }),
];
