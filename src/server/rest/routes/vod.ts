import { route, untrusted } from "@/server/rest/route";
import { searchPageSchema } from "@/server/rest/render/box-item";
import { playResponse, playResultSchema, renderPlayResult } from "@/server/rest/render/play-result";
import { paymentInitiationSchema, renderPaymentInitiation } from "@/server/rest/render/payment-initiation";
import { publicVodItemSchema, renderPrivateVodItem, renderPublicVodItem, vodItemSchema } from "@/server/rest/render/vod-item";
import { dateIn, moneyIn } from "@/lib/wire";
import { publishVodInput } from "@/server/domain/vod/publish-vod";
import { getVodInput } from "@/server/domain/vod/get-vod";
import { getPublicVodInput } from "@/server/domain/vod/get-public-vod";
import { updateVodInput } from "@/server/domain/vod/update-vod";
import { deleteVodInput } from "@/server/domain/vod/delete-vod";
import { searchVodsInput } from "@/server/domain/vod/search-vods";
import { searchPublicVodsInput } from "@/server/domain/vod/search-public-vods";
import { playVodInput } from "@/server/domain/vod/play-vod";
import { previewVodInput } from "@/server/domain/vod/preview-vod";
import { payVodInput } from "@/server/domain/vod/pay-vod";

/** Publish and update bodies: expirationDate dd/MM/yyyy, pricePerView "2,50" / "2.50" / 2.5. */
const vodFieldsIn = (body: Record<string, unknown>) => ({
  ...body,
  expirationDate: dateIn(body.expirationDate),
  pricePerView: moneyIn(body.pricePerView),
});

/** The vod as a path shows it: public paths with its publisher, as every public view. */
const viewOf = (auth: "public" | "private") =>
  auth === "public"
    ? { render: renderPublicVodItem, schema: publicVodItemSchema }
    : { render: renderPrivateVodItem, schema: vodItemSchema };

/** Play (full) on one of its two paths. */
const playRoute = (path: string, auth: "public" | "private") =>
  route({
    method: "POST",
    path,
    auth,
    status: 200,
    summary: auth === "public" ? "Play a vod (public)" : "Play a vod",
    requestSchema: playVodInput,
    responseSchema: playResultSchema(viewOf(auth).schema),
    errors: [451, 503],
    handle: async ({ caller, params, body, lang }) => {
      const played = await caller.vod.play(untrusted({ ...body, vodId: params.vodId }));
      return playResponse(played, renderPlayResult(played, viewOf(auth).render(played.resource), lang));
    },
  });

/** Pay on one of its two paths. */
const payRoute = (path: string, auth: "public" | "private") =>
  route({
    method: "POST",
    path,
    auth,
    status: 200,
    summary: auth === "public" ? "Pay for a pay-per-view vod (public)" : "Pay for a pay-per-view vod",
    requestSchema: payVodInput,
    responseSchema: paymentInitiationSchema(viewOf(auth).schema),
    // 409: a vod of an acquired content priced below its license's per-view price plus the fee
    errors: [409, 451, 503],
    handle: async ({ caller, params, body }) => {
      const started = await caller.vod.pay(untrusted({ ...body, vodId: params.vodId }));
      return renderPaymentInitiation(started, viewOf(auth).render(started.resource));
    },
  });

export const vodRoutes = [
  // POST /api/box/{boxId}/vod - publish a READY content of the caller's box (409 while PROCESSING or FAILED)
  route({
    method: "POST",
    path: "/api/box/{boxId}/vod",
    auth: "private",
    status: 201,
    summary: "Publish a box content as a vod",
    requestSchema: publishVodInput,
    responseSchema: vodItemSchema,
    errors: [409],
    handle: async ({ caller, params, body }) =>
      renderPrivateVodItem(await caller.vod.publish(untrusted({ ...vodFieldsIn(body), boxId: params.boxId }))),
  }),
  // GET /api/vod/{vodId} - one of the caller's vods
  route({
    method: "GET",
    path: "/api/vod/{vodId}",
    auth: "private",
    status: 200,
    summary: "Read a vod",
    requestSchema: getVodInput,
    responseSchema: vodItemSchema,
    handle: async ({ caller, params }) => renderPrivateVodItem(await caller.vod.get(untrusted({ vodId: params.vodId }))),
  }),
  // GET /api/public/vod/{vodId} - a visible vod with its publisher (its owner also sees it when not visible)
  route({
    method: "GET",
    path: "/api/public/vod/{vodId}",
    auth: "public",
    status: 200,
    summary: "Read a public vod",
    requestSchema: getPublicVodInput,
    responseSchema: publicVodItemSchema,
    errors: [451], // taken down (domain/admin)
    handle: async ({ caller, params }) => renderPublicVodItem(await caller.vod.getPublic(untrusted({ vodId: params.vodId }))),
  }),
  // POST /api/vod/{vodId} - change licenseType and its condition, public, expirationDate
  route({
    method: "POST",
    path: "/api/vod/{vodId}",
    auth: "private",
    status: 200,
    summary: "Update a vod",
    requestSchema: updateVodInput,
    responseSchema: vodItemSchema,
    handle: async ({ caller, params, body }) =>
      renderPrivateVodItem(await caller.vod.update(untrusted({ ...vodFieldsIn(body), vodId: params.vodId }))),
  }),
  // DELETE /api/vod/{vodId} - unpublish (the content stays in the box)
  route({
    method: "DELETE",
    path: "/api/vod/{vodId}",
    auth: "private",
    status: 204,
    summary: "Delete a vod",
    requestSchema: deleteVodInput,
    handle: async ({ caller, params }) => caller.vod.delete(untrusted({ vodId: params.vodId })),
  }),
  // POST /api/search/vod/contents - the caller's vods (queryString, tags, public, conditions)
  route({
    method: "POST",
    path: "/api/search/vod/contents",
    auth: "private",
    status: 200,
    summary: "Search the caller's vods",
    requestSchema: searchVodsInput,
    responseSchema: searchPageSchema(vodItemSchema),
    handle: async ({ caller, body }) => {
      const page = await caller.vod.search(untrusted(body));
      return { ...page, items: page.items.map(renderPrivateVodItem) };
    },
  }),
  // POST /api/public/search/vod/contents - the vods visible in public pages (queryString, tags, userCode, conditions)
  route({
    method: "POST",
    path: "/api/public/search/vod/contents",
    auth: "public",
    status: 200,
    summary: "Search public vods",
    requestSchema: searchPublicVodsInput,
    responseSchema: searchPageSchema(publicVodItemSchema),
    handle: async ({ caller, body }) => {
      const page = await caller.vod.searchPublic(untrusted(body));
      return { ...page, items: page.items.map(renderPublicVodItem) };
    },
  }),
  // POST /api/vod/{vodId}/play, /api/public/vod/{vodId}/play - {trackingId} after paying a pay-per-view vod
  playRoute("/api/vod/{vodId}/play", "private"),
  playRoute("/api/public/vod/{vodId}/play", "public"),
  // POST /api/vod/{vodId}/pay, /api/public/vod/{vodId}/pay - open the payment of a pay-per-view vod
  payRoute("/api/vod/{vodId}/pay", "private"),
  payRoute("/api/public/vod/{vodId}/pay", "public"),
  // POST /api/public/vod/{vodId}/preview - the 15-second preview, pay-per-view vods included
  route({
    method: "POST",
    path: "/api/public/vod/{vodId}/preview",
    auth: "public",
    status: 200,
    summary: "Preview a vod (15 seconds)",
    requestSchema: previewVodInput,
    responseSchema: playResultSchema(publicVodItemSchema),
    errors: [451], // taken down (domain/admin)
    handle: async ({ caller, params, lang }) => {
      const previewed = await caller.vod.preview(untrusted({ vodId: params.vodId }));
      return renderPlayResult(previewed, renderPublicVodItem(previewed.resource), lang);
    },
  }),
];
