import { z } from "zod";
import { route, untrusted, type RestCall } from "@/server/rest/route";
import { declaredLength, multipartParts } from "@/server/rest/multipart";
import { refuseDuringBody } from "@/server/rest/refuse-during-body";
import { Readable } from "node:stream";
import { assertWidthSegment, type ThumbnailImage } from "@/server/domain/thumbnails/get-thumbnail-image";

const thumbnailForm = z.object({ thumbnail: z.string().meta({ format: "binary", description: "PNG, JPEG or WebP, at most 5 MB" }) });
const imageSchema = { type: "string", format: "binary", description: "the image (image/png, image/jpeg or image/webp)" };

/** Thumbnails never change under an id: cached for a year by browsers and proxies. */
async function serveImage(call: RestCall): Promise<Response> {
  assertWidthSegment(call.params.width);
  const image = await call.caller.thumbnails.image(untrusted({ thumbnailId: call.params.thumbnailId, width: call.params.width }));
  return imageResponse(call.request, image, "public, max-age=31536000, immutable");
}

/** A vod's picture may change (a thumbnail chosen, the vod made private): cached for 5 minutes. */
async function servePoster(call: RestCall): Promise<Response> {
  assertWidthSegment(call.params.width);
  const image = await call.caller.thumbnails.poster(untrusted({ vodId: call.params.vodId, width: call.params.width }));
  return imageResponse(call.request, image, "public, max-age=300");
}

function imageResponse(request: Request, image: ThumbnailImage, cacheControl: string): Response {
  const headers = {
    "Cache-Control": cacheControl,
    ETag: image.etag,
    "X-Content-Type-Options": "nosniff",
  };
  if ((request.headers.get("if-none-match") ?? "").split(",").some((t) => t.trim() === image.etag)) {
    image.stream.destroy();
    return new Response(null, { status: 304, headers });
  }
  return new Response(Readable.toWeb(image.stream) as ReadableStream<Uint8Array>, {
    status: 200,
    headers: { ...headers, "Content-Type": image.mimeType, "Content-Length": String(image.sizeBytes) },
  });
}

export const thumbnailRoutes = [
  // POST /api/thumbnail - upload a thumbnail image (multipart part `thumbnail`) -> 201 {thumbnailId}
  route({
    method: "POST",
    path: "/api/thumbnail",
    auth: "private",
    status: 201,
    summary: "Upload a thumbnail",
    requestSchema: thumbnailForm,
    responseSchema: { type: "object", required: ["thumbnailId"], properties: { thumbnailId: { type: "string" } } },
    errors: [413],
    rawBody: true,
    handle: async (call) => {
      try {
        return await call.caller.thumbnails.upload(
          untrusted({ parts: multipartParts(call.request), declaredBytes: declaredLength(call.request) }),
        );
      } catch (err) {
        return refuseDuringBody(err, call);
      }
    },
  }),
  // GET /asset/thumbnail/{thumbnailId} - the image (no authentication: used as <img src>)
  route({
    method: "GET",
    path: "/asset/thumbnail/{thumbnailId}",
    auth: "none",
    status: 200,
    summary: "Read a thumbnail",
    contentType: "image/*",
    responseSchema: imageSchema,
    handle: serveImage,
  }),
  // GET /asset/thumbnail/{thumbnailId}/{width} - the image resized to (about) width pixels
  route({
    method: "GET",
    path: "/asset/thumbnail/{thumbnailId}/{width}",
    auth: "none",
    status: 200,
    summary: "Read a thumbnail resized to a width",
    contentType: "image/*",
    responseSchema: imageSchema,
    handle: serveImage,
  }),
  // GET /asset/poster/vod/{vodId}[/{width}] - a visible vod's picture (its thumbnail, else the ingest's poster), for link previews
  route({
    method: "GET",
    path: "/asset/poster/vod/{vodId}",
    auth: "none",
    status: 200,
    summary: "Read the picture of a public video",
    contentType: "image/*",
    responseSchema: imageSchema,
    handle: servePoster,
  }),
  route({
    method: "GET",
    path: "/asset/poster/vod/{vodId}/{width}",
    auth: "none",
    status: 200,
    summary: "Read the picture of a public video resized to a width",
    contentType: "image/*",
    responseSchema: imageSchema,
    handle: servePoster,
  }),
];
