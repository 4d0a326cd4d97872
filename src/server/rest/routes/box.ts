import { Readable } from "node:stream";
import { z } from "zod";
import { route, untrusted } from "@/server/rest/route";
import { boxItemSchema, renderBoxItem, searchPageSchema } from "@/server/rest/render/box-item";
import { declaredLength, multipartParts } from "@/server/rest/multipart";
import { refuseDuringBody } from "@/server/rest/refuse-during-body";
import { getBoxItemInput } from "@/server/domain/box/get-box-item";
import { updateBoxItemInput } from "@/server/domain/box/update-box-item";
import { searchBoxItemsInput } from "@/server/domain/box/search-box-items";
import { createDownloadTokenInput } from "@/server/domain/box/create-download-token";
import { downloadOriginalInput } from "@/server/domain/box/download-original";
import { getUploadProgressInput } from "@/server/domain/box/get-upload-progress";

/** The multipart fields of POST /api/box, for the OpenAPI document (the domain reads them from UploadParts). */
const boxUploadForm = z.object({
  file: z.string().meta({ format: "binary", description: "the video" }),
  title: z.string().max(200),
  description: z.string().max(4000).optional(),
  tag: z.array(z.string().max(64)).optional().meta({ description: "one part per tag" }),
  contentIdentifier: z.string().max(200).optional().meta({ description: "kept as the contentId when given and unique" }),
  thumbnailId: z.string().optional().meta({ description: "one of the caller's thumbnails (POST /api/thumbnail)" }),
});

/** `attachment` with the original name: an ASCII fallback and the exact UTF-8 name (RFC 6266). */
export function attachmentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

export const boxRoutes = [
  // POST /api/box - upload a video (multipart: file, title, description, tag..., contentIdentifier, thumbnailId; header X-Service-progressbarId)
  route({
    method: "POST",
    path: "/api/box",
    auth: "private",
    status: 201,
    summary: "Upload a video into the box",
    requestSchema: boxUploadForm,
    responseSchema: boxItemSchema,
    errors: [403, 413],
    rawBody: true,
    handle: async (call) => {
      const { caller, request } = call;
      try {
        const parts = multipartParts(request);
        const item = await caller.box.upload(
          untrusted({
            parts,
            declaredBytes: declaredLength(request),
            progressbarId: request.headers.get("x-service-progressbarid") ?? undefined,
          }),
        );
        return renderBoxItem(item);
      } catch (err) {
        return refuseDuringBody(err, call);
      }
    },
  }),
  // GET /api/box/{boxId} - one item of the caller's box
  route({
    method: "GET",
    path: "/api/box/{boxId}",
    auth: "private",
    status: 200,
    summary: "Read a box item",
    requestSchema: getBoxItemInput,
    responseSchema: boxItemSchema,
    handle: async ({ caller, params }) => renderBoxItem(await caller.box.get(untrusted({ boxId: params.boxId }))),
  }),
  // POST /api/box/{boxId} - change title, description, thumbnailId and tags
  route({
    method: "POST",
    path: "/api/box/{boxId}",
    auth: "private",
    status: 200,
    summary: "Update a box item",
    requestSchema: updateBoxItemInput,
    responseSchema: boxItemSchema,
    handle: async ({ caller, params, body }) => renderBoxItem(await caller.box.update(untrusted({ ...body, boxId: params.boxId }))),
  }),
  // DELETE /api/box/{boxId} - delete an item, its files and renditions (cancels its processing)
  route({
    method: "DELETE",
    path: "/api/box/{boxId}",
    auth: "private",
    status: 204,
    summary: "Delete a box item",
    requestSchema: getBoxItemInput,
    handle: async ({ caller, params }) => caller.box.delete(untrusted({ boxId: params.boxId })),
  }),
  // POST /api/search/box/contents - search the caller's box (queryString, tags, source, excludeBundleId)
  route({
    method: "POST",
    path: "/api/search/box/contents",
    auth: "private",
    status: 200,
    summary: "Search the box",
    requestSchema: searchBoxItemsInput,
    responseSchema: searchPageSchema(boxItemSchema),
    handle: async ({ caller, body }) => {
      const page = await caller.box.search(untrusted(body));
      return { ...page, items: page.items.map(renderBoxItem) };
    },
  }),
  // GET /api/content/{contentId}/download - a single-use token for downloading the original
  route({
    method: "GET",
    path: "/api/content/{contentId}/download",
    auth: "private",
    status: 200,
    summary: "Get a download token",
    requestSchema: createDownloadTokenInput,
    responseSchema: { type: "object", required: ["token"], properties: { token: { type: "string" } } },
    handle: async ({ caller, params }) => {
      const { token } = await caller.box.downloadToken(untrusted({ contentId: params.contentId }));
      return { token };
    },
  }),
  // GET /api/progressbar/{progressbarId} - percent of the caller's upload sent with X-Service-progressbarId
  route({
    method: "GET",
    path: "/api/progressbar/{progressbarId}",
    auth: "private",
    status: 200,
    summary: "Read an upload's progress",
    requestSchema: getUploadProgressInput,
    responseSchema: {
      type: "object",
      required: ["value"],
      properties: {
        value: {
          type: "integer",
          minimum: 0,
          maximum: 100,
          description: "Percent received; 0 again when the upload ended without arriving (refused, cut off, its server killed)",
        },
      },
    },
    handle: async ({ caller, params }) => caller.box.progress(untrusted({ progressbarId: params.progressbarId })),
  }),
  // GET /download/content/{contentId}?token= - the original file as an attachment (the token is the only credential)
  route({
    method: "GET",
    path: "/download/content/{contentId}",
    auth: "none",
    status: 200,
    summary: "Download the original file",
    requestSchema: downloadOriginalInput,
    contentType: "application/octet-stream",
    responseSchema: { type: "string", format: "binary", description: "the original file (Content-Disposition: attachment)" },
    handle: async ({ caller, params, query }) => {
      const file = await caller.box.download(untrusted({ contentId: params.contentId, token: query.get("token") ?? undefined }));
      return new Response(Readable.toWeb(file.stream) as ReadableStream<Uint8Array>, {
        status: 200,
        headers: {
          "Content-Type": file.mimeType,
          "Content-Length": String(file.sizeBytes),
          "Content-Disposition": attachmentDisposition(file.filename),
          "Cache-Control": "private, no-store",
          "X-Content-Type-Options": "nosniff",
          "Accept-Ranges": "none", // the token is spent by the first request: no resumed downloads
        },
      });
    },
  }),
];
