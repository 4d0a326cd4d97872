// The authorization matrix (issue 8): every REST route with an id in its path, called as the owner of
// the resource, another user, a public token, no token and a forged token (signed with another key,
// naming the owner), with the status expected of each. The routes come from the OpenAPI document, which
// is generated from the route table: a new route with an id and no row here fails the test.
import { testAdmin } from "./admin-fixtures";
import assert from "node:assert/strict";
import { createSecretKey, randomBytes, randomUUID } from "node:crypto";
import { before, test } from "node:test";
import { SignJWT } from "jose";
import type { Api } from "../support/api";
import { payThroughSandbox } from "../support/checkout";
import { multipartBody, postMultipart, postPngThumbnail, uploadFile } from "./box-fixtures";
import { clip, playWhenReady, waitReady } from "./playback-fixtures";
import { connect, newUser, type TestUser } from "./users-fixtures";
import { createChannel, createEvent, eventBody, HOUR, MINUTE } from "./live-fixtures";
import { createCastChannel, createCastStream, dayStart, saveDayOk, timed } from "./cast-fixtures";

type Identity = "owner" | "other" | "public" | "none" | "forged";
const IDENTITIES: Identity[] = ["other", "public", "none", "forged", "owner"]; // the owner last: its call may delete

interface Fixture {
  owner: TestUser;
  other: TestUser;
  boxId: string;
  contentId: string;
  /** An item of the owner's that the DELETE row may remove. */
  doomedBoxId: string;
  progressbarId: string;
  thumbnailId: string;
  /** A public FREE vod of the owner's, a public PAY_PER_VIEW one, and one the DELETE row may remove. */
  vodId: string;
  ppvVodId: string;
  doomedVodId: string;
  /** Bundles of the owner's: one with the box item in it, an empty one, one the remove row empties, one the DELETE row removes. */
  bundleId: string;
  emptyBundleId: string;
  removableBundleId: string;
  doomedBundleId: string;
  /** A paid (not yet activated) subscription of the other user's to bundleId. */
  subscriptionTrackingId: string;
  /** A FREE listing of the owner's content, a SPOT_PRICE one, and one the DELETE row may remove. */
  marketId: string;
  spotMarketId: string;
  doomedMarketId: string;
  /** A live channel of the owner's with a FREE event on air (its body, to post back), a PAY_PER_VIEW event on another channel, a channel and an event the DELETE rows remove. */
  liveChannel: { channelId: string; streamPath: string };
  liveEvent: { eventId: string; body: Record<string, unknown> };
  ppvEventId: string;
  doomedChannelId: string;
  doomedEventId: string;
  /** A takedown by the tests' administrator of a channel of the owner's, for the owner's appeal. */
  takedownId: string;
  /** A webhook endpoint of the owner's with one delivery (box.failed of the doomed item), and one the DELETE row removes. */
  webhookId: string;
  deliveryId: string;
  doomedWebhookId: string;
  /** An API key of the owner's, which the DELETE row revokes. */
  apiKeyId: string;
  /** A cast channel of the owner's (its body) with a LIVE program of a stream on CAST_DAY, a stream, and a channel and a stream the DELETE rows remove. */
  cast: {
    channel: Record<string, unknown>;
    channelId: string;
    streamId: string;
    programId: string;
    doomedChannelId: string;
    doomedStreamId: string;
  };
}

const CAST_DAY = "20300115";

interface Row {
  /** The request: path (parameters filled in), body; `as` tells who makes it (for per-identity credentials in the URL). */
  request(f: Fixture, as: Identity): Promise<RowRequest> | RowRequest;
  expect: Record<Identity, number>;
}

/** A JSON `body`, or a `raw` body of `contentType` (multipart). */
interface RowRequest {
  path: string;
  body?: unknown;
  raw?: { text: string; contentType: string };
}

/** A multipart caption upload (POST /api/box/{boxId}/captions). */
function captionUpload(path: string, language: string): RowRequest {
  const form = multipartBody(
    { language },
    { filename: "matrix.vtt", contentType: "text/vtt", data: Buffer.from("WEBVTT\n\n00:00.000 --> 00:01.000\nMatrix\n") },
  );
  return { path, raw: { text: form.body.toString("utf8"), contentType: form.contentType } };
}

const PRIVATE = { other: 404, public: 403, none: 401, forged: 401 } as const;
const PUBLIC_ASSET = { owner: 200, other: 200, public: 200, none: 200, forged: 200 } as const;
const PUBLIC_READ = { owner: 200, other: 200, public: 200, none: 401, forged: 401 } as const;
const STAFF_ONLY = { owner: 403, other: 403, public: 403, none: 401, forged: 401 } as const;

/** Download tokens are single-use and belong to the content's owner: each call gets a fresh one of its own. */
async function downloadToken(f: Fixture, as: Identity, api: Api): Promise<string | undefined> {
  if (as === "owner")
    return (await api.get(`/api/content/${encodeURIComponent(f.contentId)}/download`, { token: f.owner.access })).body.token;
  if (as === "other") {
    // the other user's token for a content of their own does not open the owner's
    const own = await api.post("/api/search/box/contents", { pageSize: 1 }, { token: f.other.access });
    const content = own.body.items[0]?.contentId as string;
    return (await api.get(`/api/content/${encodeURIComponent(content)}/download`, { token: f.other.access })).body.token;
  }
  return undefined;
}

let api: Api;
let fixture: Fixture;

/** A plan the owner paid (through the sandbox checkout), once per run. */
let paidPlanId: Promise<string> | undefined;
function paidPlan(f: Fixture): Promise<string> {
  paidPlanId ??= (async () => {
    const res = await api.post("/api/license/Entry/subscribe", {}, { token: f.owner.access });
    await payThroughSandbox(res.body.url, res.body.trackingId);
    return res.body.trackingId as string;
  })();
  return paidPlanId;
}

/** Rows keyed "METHOD path" as the OpenAPI document writes them. */
const matrix = (): Record<string, Row> => ({
  // any user may buy a plan for themselves
  "POST /api/license/{licenseName}/subscribe": {
    request: () => ({ path: "/api/license/Entry/subscribe", body: { returnUrl: `${api.url}/ok` } }),
    expect: { owner: 200, other: 200, public: 403, none: 401, forged: 401 },
  },
  // the owner's paid trackingId: another user's activation of it is refused on the field
  "POST /api/license/{licenseName}/activate": {
    request: async (f) => ({ path: "/api/license/Entry/activate", body: { trackingId: await paidPlan(f) } }),
    expect: { owner: 200, other: 400, public: 403, none: 401, forged: 401 },
  },
  // staff only (issue 25): 403 for every user, 401 without a token; the staff's own calls: admin.test.ts
  "POST /api/admin/users/{userCode}/suspend": {
    request: (f) => ({ path: `/api/admin/users/${f.other.userCode}/suspend`, body: { reason: "The matrix tries" } }),
    expect: STAFF_ONLY,
  },
  "POST /api/admin/users/{userCode}/unsuspend": {
    request: (f) => ({ path: `/api/admin/users/${f.other.userCode}/unsuspend` }),
    expect: STAFF_ONLY,
  },
  "POST /api/admin/users/{userCode}/approve": {
    request: (f) => ({ path: `/api/admin/users/${f.other.userCode}/approve` }),
    expect: STAFF_ONLY,
  },
  // deleting an account: administrators only (the owner deleting itself here is refused as well)
  "DELETE /api/admin/users/{userCode}": {
    request: (f) => ({ path: `/api/admin/users/${f.other.userCode}` }),
    expect: STAFF_ONLY,
  },
  // the role is checked before the id: a takedown or report that does not exist is refused as well
  "DELETE /api/admin/takedowns/{takedownId}": {
    request: () => ({ path: `/api/admin/takedowns/${randomUUID()}` }),
    expect: STAFF_ONLY,
  },
  "POST /api/admin/users/{userCode}/role": {
    request: (f) => ({ path: `/api/admin/users/${f.other.userCode}/role`, body: { role: "moderator" } }),
    expect: STAFF_ONLY,
  },
  "POST /api/admin/users/{userCode}/plan": {
    request: (f) => ({ path: `/api/admin/users/${f.other.userCode}/plan`, body: { licenseName: "Business" } }),
    expect: STAFF_ONLY,
  },
  "POST /api/admin/users/{userCode}/activation": {
    request: (f) => ({ path: `/api/admin/users/${f.other.userCode}/activation` }),
    expect: STAFF_ONLY,
  },
  "POST /api/admin/clients/{clientId}/origins": {
    request: () => ({ path: "/api/admin/clients/www/origins", body: { origins: [] } }),
    expect: STAFF_ONLY,
  },
  "DELETE /api/admin/clients/{clientId}": {
    request: () => ({ path: "/api/admin/clients/www" }),
    expect: STAFF_ONLY,
  },
  "POST /api/admin/payments/{trackingId}/refund": {
    request: (f) => ({ path: `/api/admin/payments/${f.subscriptionTrackingId}/refund`, body: { reason: "The matrix tries" } }),
    expect: STAFF_ONLY,
  },
  "POST /api/admin/licenses/{licenseName}": {
    request: () => ({ path: "/api/admin/licenses/Entry", body: { maxUploadNumber: 1 } }),
    expect: STAFF_ONLY,
  },
  "POST /api/admin/jobs/{jobId}/retry": {
    request: () => ({ path: `/api/admin/jobs/${randomUUID()}/retry`, body: {} }),
    expect: STAFF_ONLY,
  },
  "POST /api/admin/takedowns/{takedownId}/appeal": {
    request: (f) => ({ path: `/api/admin/takedowns/${f.takedownId}/appeal`, body: { outcome: "upheld", response: "The matrix tries" } }),
    expect: STAFF_ONLY,
  },
  // the owner's one appeal of a takedown of theirs: another user's is not found
  "POST /api/user/me/notices/{takedownId}/appeal": {
    request: (f) => ({ path: `/api/user/me/notices/${f.takedownId}/appeal`, body: { text: "It was a misunderstanding" } }),
    expect: { owner: 200, ...PRIVATE },
  },
  // a user's webhook endpoints and their deliveries: another user's are not found
  "DELETE /api/webhooks/{webhookId}": {
    request: (f) => ({ path: `/api/webhooks/${f.doomedWebhookId}` }),
    expect: { owner: 204, ...PRIVATE },
  },
  // a user's API keys: another user's are not found
  "DELETE /api/user/me/api-keys/{keyId}": {
    request: (f) => ({ path: `/api/user/me/api-keys/${f.apiKeyId}` }),
    expect: { owner: 204, ...PRIVATE },
  },
  "GET /api/webhooks/{webhookId}/deliveries": {
    request: (f) => ({ path: `/api/webhooks/${f.webhookId}/deliveries` }),
    expect: { owner: 200, ...PRIVATE },
  },
  "POST /api/webhooks/{webhookId}/deliveries/{deliveryId}/retry": {
    request: (f) => ({ path: `/api/webhooks/${f.webhookId}/deliveries/${f.deliveryId}/retry` }),
    expect: { owner: 202, ...PRIVATE },
  },
  // a creator's audience analytics: another user's vod or event is not found
  "GET /api/analytics/vods/{vodId}": { request: (f) => ({ path: `/api/analytics/vods/${f.vodId}` }), expect: { owner: 200, ...PRIVATE } },
  "GET /api/analytics/live/events/{eventId}": {
    request: (f) => ({ path: `/api/analytics/live/events/${f.liveEvent.eventId}` }),
    expect: { owner: 200, ...PRIVATE },
  },
  "POST /api/admin/reports/{reportId}/dismiss": {
    request: () => ({ path: `/api/admin/reports/${randomUUID()}/dismiss`, body: {} }),
    expect: STAFF_ONLY,
  },
  "GET /api/public/user/{userCode}/overview": {
    request: (f) => ({ path: `/api/public/user/${f.owner.userCode}/overview` }),
    expect: { owner: 200, other: 200, public: 200, none: 401, forged: 401 },
  },
  "GET /api/box/{boxId}": { request: (f) => ({ path: `/api/box/${f.boxId}` }), expect: { owner: 200, ...PRIVATE } },
  "POST /api/box/{boxId}": {
    request: (f) => ({ path: `/api/box/${f.boxId}`, body: { title: "Renamed by the matrix" } }),
    expect: { owner: 200, ...PRIVATE },
  },
  "DELETE /api/box/{boxId}": { request: (f) => ({ path: `/api/box/${f.doomedBoxId}` }), expect: { owner: 204, ...PRIVATE } },
  // captions and chapters (issue 26)
  "POST /api/box/{boxId}/captions": {
    request: (f) => captionUpload(`/api/box/${f.boxId}/captions`, "en"),
    expect: { owner: 201, ...PRIVATE },
  },
  "GET /api/box/{boxId}/captions": { request: (f) => ({ path: `/api/box/${f.boxId}/captions` }), expect: { owner: 200, ...PRIVATE } },
  "DELETE /api/box/{boxId}/captions/{language}": {
    // the owner's own call deletes a caption it has just added
    request: async (f, as) => {
      if (as === "owner") {
        const { path, raw } = captionUpload(`/api/box/${f.boxId}/captions`, "fr");
        const added = await api.call("POST", path, undefined, {
          token: f.owner.access,
          raw: raw!.text,
          headers: { "Content-Type": raw!.contentType },
        });
        assert.equal(added.status, 201, added.text);
      }
      return { path: `/api/box/${f.boxId}/captions/fr` };
    },
    expect: { owner: 204, ...PRIVATE },
  },
  "GET /api/box/{boxId}/chapters": { request: (f) => ({ path: `/api/box/${f.boxId}/chapters` }), expect: { owner: 200, ...PRIVATE } },
  "POST /api/box/{boxId}/chapters": {
    request: (f) => ({ path: `/api/box/${f.boxId}/chapters`, body: [{ start: 0, title: "Matrix" }] }),
    expect: { owner: 200, ...PRIVATE },
  },
  "POST /api/box/{boxId}/play": { request: (f) => ({ path: `/api/box/${f.boxId}/play`, body: {} }), expect: { owner: 200, ...PRIVATE } },
  "GET /api/content/{contentId}/download": {
    request: (f) => ({ path: `/api/content/${encodeURIComponent(f.contentId)}/download` }),
    expect: { owner: 200, ...PRIVATE },
  },
  // progress bar ids are the client's own names, scoped to the caller: another user reads its own bar of
  // that name (0, nothing uploaded), never the owner's (checked below)
  "GET /api/progressbar/{progressbarId}": {
    request: (f) => ({ path: `/api/progressbar/${f.progressbarId}` }),
    expect: { owner: 200, ...PRIVATE, other: 200 },
  },
  // no bearer token counts here: the single-use download token is the credential
  "GET /download/content/{contentId}": {
    request: async (f, as) => {
      const token = await downloadToken(f, as, api);
      return { path: `/download/content/${encodeURIComponent(f.contentId)}${token ? `?token=${token}` : ""}` };
    },
    expect: { owner: 200, other: 404, public: 400, none: 400, forged: 400 },
  },
  "POST /api/box/{boxId}/vod": {
    request: (f) => ({ path: `/api/box/${f.boxId}/vod`, body: { licenseType: "FREE" } }),
    expect: { owner: 201, ...PRIVATE },
  },
  "GET /api/vod/{vodId}": { request: (f) => ({ path: `/api/vod/${f.vodId}` }), expect: { owner: 200, ...PRIVATE } },
  "POST /api/vod/{vodId}": {
    request: (f) => ({ path: `/api/vod/${f.vodId}`, body: { licenseType: "CREATIVE_COMMONS", ccType: "BY" } }),
    expect: { owner: 200, ...PRIVATE },
  },
  "DELETE /api/vod/{vodId}": { request: (f) => ({ path: `/api/vod/${f.doomedVodId}` }), expect: { owner: 204, ...PRIVATE } },
  // a visible vod is the audience's: any token reads, plays and previews it; a private path needs a private token
  "GET /api/public/vod/{vodId}": { request: (f) => ({ path: `/api/public/vod/${f.vodId}` }), expect: PUBLIC_READ },
  "POST /api/vod/{vodId}/play": {
    request: (f) => ({ path: `/api/vod/${f.vodId}/play`, body: {} }),
    expect: { owner: 200, other: 200, public: 403, none: 401, forged: 401 },
  },
  "POST /api/public/vod/{vodId}/play": { request: (f) => ({ path: `/api/public/vod/${f.vodId}/play`, body: {} }), expect: PUBLIC_READ },
  "POST /api/public/vod/{vodId}/preview": { request: (f) => ({ path: `/api/public/vod/${f.vodId}/preview` }), expect: PUBLIC_READ },
  // its owner does not buy their own vod (400)
  "POST /api/vod/{vodId}/pay": {
    request: (f) => ({ path: `/api/vod/${f.ppvVodId}/pay`, body: {} }),
    expect: { owner: 400, other: 200, public: 403, none: 401, forged: 401 },
  },
  "POST /api/public/vod/{vodId}/pay": {
    request: (f) => ({ path: `/api/public/vod/${f.ppvVodId}/pay`, body: {} }),
    expect: { owner: 400, other: 200, public: 200, none: 401, forged: 401 },
  },
  "GET /api/contentbundle/{bundleId}": {
    request: (f) => ({ path: `/api/contentbundle/${f.bundleId}` }),
    expect: { owner: 200, ...PRIVATE },
  },
  "POST /api/contentbundle/{bundleId}": {
    request: (f) => ({
      path: `/api/contentbundle/${f.bundleId}`,
      body: { name: "Renamed bundle", price: "3,00", duration: 2, durationUnit: "DAYS" },
    }),
    expect: { owner: 200, ...PRIVATE },
  },
  "DELETE /api/contentbundle/{bundleId}": {
    request: (f) => ({ path: `/api/contentbundle/${f.doomedBundleId}` }),
    expect: { owner: 204, ...PRIVATE },
  },
  "GET /api/public/contentbundle/{bundleId}": {
    request: (f) => ({ path: `/api/public/contentbundle/${f.bundleId}` }),
    expect: PUBLIC_READ,
  },
  // the creator does not subscribe to their own bundle (400)
  "POST /api/contentbundle/{bundleId}/subscribe": {
    request: (f) => ({ path: `/api/contentbundle/${f.bundleId}/subscribe`, body: {} }),
    expect: { owner: 400, other: 200, public: 403, none: 401, forged: 401 },
  },
  // the other user's paid subscription: the owner's activation of it is refused on the field
  "POST /api/contentbundle/{bundleId}/activate": {
    request: (f) => ({ path: `/api/contentbundle/${f.bundleId}/activate`, body: { trackingId: f.subscriptionTrackingId } }),
    expect: { owner: 400, other: 200, public: 403, none: 401, forged: 401 },
  },
  "GET /api/contentbundle/{bundleId}/items": {
    request: (f) => ({ path: `/api/contentbundle/${f.bundleId}/items` }),
    expect: { owner: 200, ...PRIVATE },
  },
  "GET /api/public/contentbundle/{bundleId}/items": {
    request: (f) => ({ path: `/api/public/contentbundle/${f.bundleId}/items` }),
    expect: PUBLIC_READ,
  },
  "POST /api/contentbundle/{bundleId}/items/insert": {
    request: (f) => ({ path: `/api/contentbundle/${f.emptyBundleId}/items/insert`, body: { sourceItems: [{ boxId: f.boxId }], index: 0 } }),
    expect: { owner: 200, ...PRIVATE },
  },
  "POST /api/contentbundle/{bundleId}/items/move": {
    request: (f) => ({ path: `/api/contentbundle/${f.bundleId}/items/move`, body: { fromIndex: 0, toIndex: 1 } }),
    expect: { owner: 200, ...PRIVATE },
  },
  "POST /api/contentbundle/{bundleId}/items/remove": {
    request: (f) => ({ path: `/api/contentbundle/${f.removableBundleId}/items/remove`, body: { index: 0, count: 1 } }),
    expect: { owner: 200, ...PRIVATE },
  },
  "POST /api/box/{boxId}/marketplace": {
    request: (f) => ({ path: `/api/box/${f.boxId}/marketplace`, body: { licenseType: "FREE" } }),
    expect: { owner: 201, ...PRIVATE },
  },
  "GET /api/marketplace/{marketplaceId}": {
    request: (f) => ({ path: `/api/marketplace/${f.marketId}` }),
    expect: { owner: 200, ...PRIVATE },
  },
  "POST /api/marketplace/{marketplaceId}": {
    request: (f) => ({ path: `/api/marketplace/${f.marketId}`, body: { licenseType: "FREE", download: true } }),
    expect: { owner: 200, ...PRIVATE },
  },
  "DELETE /api/marketplace/{marketplaceId}": {
    request: (f) => ({ path: `/api/marketplace/${f.doomedMarketId}` }),
    expect: { owner: 204, ...PRIVATE },
  },
  // a listing is every creator's to read and preview; acquiring and paying need a user, and its seller neither acquires nor buys it (400)
  "GET /api/public/marketplace/{marketplaceId}": {
    request: (f) => ({ path: `/api/public/marketplace/${f.marketId}` }),
    expect: PUBLIC_READ,
  },
  "POST /api/public/marketplace/{marketplaceId}/preview": {
    request: (f) => ({ path: `/api/public/marketplace/${f.marketId}/preview` }),
    expect: PUBLIC_READ,
  },
  "POST /api/marketplace/{marketplaceId}/acquire": {
    request: (f) => ({ path: `/api/marketplace/${f.marketId}/acquire`, body: {} }),
    expect: { owner: 400, other: 200, public: 403, none: 401, forged: 401 },
  },
  "POST /api/marketplace/{marketplaceId}/pay": {
    request: (f) => ({ path: `/api/marketplace/${f.spotMarketId}/pay`, body: {} }),
    expect: { owner: 400, other: 200, public: 403, none: 401, forged: 401 },
  },
  "GET /api/live/channel/{channelId}": {
    request: (f) => ({ path: `/api/live/channel/${f.liveChannel.channelId}` }),
    expect: { owner: 200, ...PRIVATE },
  },
  "POST /api/live/channel/{channelId}": {
    request: (f) => ({
      path: `/api/live/channel/${f.liveChannel.channelId}`,
      body: { name: "Renamed channel", streamPath: f.liveChannel.streamPath },
    }),
    expect: { owner: 200, ...PRIVATE },
  },
  "DELETE /api/live/channel/{channelId}": {
    request: (f) => ({ path: `/api/live/channel/${f.doomedChannelId}` }),
    expect: { owner: 204, ...PRIVATE },
  },
  "GET /api/public/live/channel/{channelId}": {
    request: (f) => ({ path: `/api/public/live/channel/${f.liveChannel.channelId}` }),
    expect: PUBLIC_READ,
  },
  "POST /api/live/channel/{channelId}/play": {
    request: (f) => ({ path: `/api/live/channel/${f.liveChannel.channelId}/play`, body: {} }),
    expect: { owner: 200, other: 200, public: 403, none: 401, forged: 401 },
  },
  "POST /api/public/live/channel/{channelId}/play": {
    request: (f) => ({ path: `/api/public/live/channel/${f.liveChannel.channelId}/play`, body: {} }),
    expect: PUBLIC_READ,
  },
  "POST /api/live/channel/{channelId}/test": {
    request: (f) => ({ path: `/api/live/channel/${f.liveChannel.channelId}/test` }),
    expect: { owner: 200, ...PRIVATE },
  },
  // a window of its own far ahead: only the owner's call creates it
  "POST /api/live/channel/{channelId}/event": {
    request: (f) => ({
      path: `/api/live/channel/${f.liveChannel.channelId}/event`,
      body: eventBody(Date.now() + 1000 * HOUR, Date.now() + 1001 * HOUR),
    }),
    expect: { owner: 201, ...PRIVATE },
  },
  "GET /api/live/event/{eventId}": {
    request: (f) => ({ path: `/api/live/event/${f.liveEvent.eventId}` }),
    expect: { owner: 200, ...PRIVATE },
  },
  "POST /api/live/event/{eventId}": {
    request: (f) => ({ path: `/api/live/event/${f.liveEvent.eventId}`, body: f.liveEvent.body }),
    expect: { owner: 200, ...PRIVATE },
  },
  "DELETE /api/live/event/{eventId}": {
    request: (f) => ({ path: `/api/live/event/${f.doomedEventId}` }),
    expect: { owner: 204, ...PRIVATE },
  },
  "GET /api/public/live/event/{eventId}": {
    request: (f) => ({ path: `/api/public/live/event/${f.liveEvent.eventId}` }),
    expect: PUBLIC_READ,
  },
  "POST /api/live/event/{eventId}/play": {
    request: (f) => ({ path: `/api/live/event/${f.liveEvent.eventId}/play`, body: {} }),
    expect: { owner: 200, other: 200, public: 403, none: 401, forged: 401 },
  },
  "POST /api/public/live/event/{eventId}/play": {
    request: (f) => ({ path: `/api/public/live/event/${f.liveEvent.eventId}/play`, body: {} }),
    expect: PUBLIC_READ,
  },
  // its owner does not buy a ticket to their own event (400)
  "POST /api/live/event/{eventId}/pay": {
    request: (f) => ({ path: `/api/live/event/${f.ppvEventId}/pay`, body: {} }),
    expect: { owner: 400, other: 200, public: 403, none: 401, forged: 401 },
  },
  "POST /api/public/live/event/{eventId}/pay": {
    request: (f) => ({ path: `/api/public/live/event/${f.ppvEventId}/pay`, body: {} }),
    expect: { owner: 400, other: 200, public: 200, none: 401, forged: 401 },
  },
  "GET /api/cast/channel/{channelId}": {
    request: (f) => ({ path: `/api/cast/channel/${f.cast.channelId}` }),
    expect: { owner: 200, ...PRIVATE },
  },
  "POST /api/cast/channel/{channelId}": {
    request: (f) => ({ path: `/api/cast/channel/${f.cast.channelId}`, body: { ...f.cast.channel, name: "Renamed cast channel" } }),
    expect: { owner: 200, ...PRIVATE },
  },
  "DELETE /api/cast/channel/{channelId}": {
    request: (f) => ({ path: `/api/cast/channel/${f.cast.doomedChannelId}` }),
    expect: { owner: 204, ...PRIVATE },
  },
  "GET /api/public/cast/channel/{channelId}": {
    request: (f) => ({ path: `/api/public/cast/channel/${f.cast.channelId}` }),
    expect: PUBLIC_READ,
  },
  // any user may play a channel of an active creator; the public path anyone with a token
  "POST /api/cast/channel/{channelId}/play": {
    request: (f) => ({ path: `/api/cast/channel/${f.cast.channelId}/play`, body: {} }),
    expect: { owner: 200, other: 200, public: 403, none: 401, forged: 401 },
  },
  "POST /api/public/cast/channel/{channelId}/play": {
    request: (f) => ({ path: `/api/public/cast/channel/${f.cast.channelId}/play`, body: {} }),
    expect: PUBLIC_READ,
  },
  "POST /api/cast/channel/{channelId}/test": {
    request: (f) => ({ path: `/api/cast/channel/${f.cast.channelId}/test` }),
    expect: { owner: 200, ...PRIVATE },
  },
  "POST /api/cast/stream/{streamId}/test": {
    request: (f) => ({ path: `/api/cast/stream/${f.cast.streamId}/test` }),
    expect: { owner: 200, ...PRIVATE },
  },
  "GET /api/cast/stream/{streamId}": {
    request: (f) => ({ path: `/api/cast/stream/${f.cast.streamId}` }),
    expect: { owner: 200, ...PRIVATE },
  },
  "POST /api/cast/stream/{streamId}": {
    request: async (f) => ({
      path: `/api/cast/stream/${f.cast.streamId}`,
      body: (await api.get(`/api/cast/stream/${f.cast.streamId}`, { token: f.owner.access })).body,
    }),
    expect: { owner: 200, ...PRIVATE },
  },
  "DELETE /api/cast/stream/{streamId}": {
    request: (f) => ({ path: `/api/cast/stream/${f.cast.doomedStreamId}` }),
    expect: { owner: 204, ...PRIVATE },
  },
  "GET /api/cast/program/{programId}": {
    request: (f) => ({ path: `/api/cast/program/${f.cast.programId}` }),
    expect: { owner: 200, ...PRIVATE },
  },
  "POST /api/cast/program/{programId}": {
    request: (f) => ({ path: `/api/cast/program/${f.cast.programId}`, body: { title: "Renamed program" } }),
    expect: { owner: 200, ...PRIVATE },
  },
  "GET /api/public/cast/program/{programId}": {
    request: (f) => ({ path: `/api/public/cast/program/${f.cast.programId}` }),
    expect: PUBLIC_READ,
  },
  "POST /api/public/search/cast/programs/{segment}": {
    request: (f) => ({ path: "/api/public/search/cast/programs/all", body: { channelId: f.cast.channelId } }),
    expect: PUBLIC_READ,
  },
  "GET /api/cast/channel/{channelId}/dailyprogramming/{date}": {
    request: (f) => ({ path: `/api/cast/channel/${f.cast.channelId}/dailyprogramming/${CAST_DAY}` }),
    expect: { owner: 200, ...PRIVATE },
  },
  // the writes of days other than CAST_DAY: an empty day saved, a break inserted, a day removed
  "POST /api/cast/channel/{channelId}/dailyprogramming/{yyyyMMdd}": {
    request: (f) => ({ path: `/api/cast/channel/${f.cast.channelId}/dailyprogramming/20300120`, body: { programs: [] } }),
    expect: { owner: 200, ...PRIVATE },
  },
  "POST /api/cast/channel/{channelId}/dailyprogramming/{yyyyMMdd}/insert": {
    request: (f) => ({
      path: `/api/cast/channel/${f.cast.channelId}/dailyprogramming/20300121/insert`,
      body: { items: [{ programType: "BREAK", duration: 60 }] },
    }),
    expect: { owner: 200, ...PRIVATE },
  },
  "POST /api/cast/channel/{channelId}/dailyprogramming/{yyyyMMdd}/move": {
    request: (f) => ({
      path: `/api/cast/channel/${f.cast.channelId}/dailyprogramming/${CAST_DAY}/move`,
      body: { fromIndex: 0, toIndex: 1 },
    }),
    expect: { owner: 200, ...PRIVATE },
  },
  "DELETE /api/cast/channel/{channelId}/dailyprogramming/{yyyyMMdd}": {
    request: (f) => ({ path: `/api/cast/channel/${f.cast.channelId}/dailyprogramming/20300122` }),
    expect: { owner: 204, ...PRIVATE },
  },
  "GET /api/public/cast/channel/{channelId}/dailyprogramming/{yyyyMMdd}": {
    request: (f) => ({ path: `/api/public/cast/channel/${f.cast.channelId}/dailyprogramming/${CAST_DAY}` }),
    expect: PUBLIC_READ,
  },
  "GET /api/cast/channel/{channelId}/calendar/{yyyyMMdd}/{dayCount}": {
    request: (f) => ({ path: `/api/cast/channel/${f.cast.channelId}/calendar/${CAST_DAY}/42` }),
    expect: { owner: 200, ...PRIVATE },
  },
  "DELETE /api/cast/channel/{channelId}/calendar/{yyyyMMdd}/{dayCount}": {
    request: (f) => ({ path: `/api/cast/channel/${f.cast.channelId}/calendar/20300123/2` }),
    expect: { owner: 204, ...PRIVATE },
  },
  // IPTV apps cannot do OAuth: no token counts (a forged one is ignored as any other)
  "GET /cast/{channelId}/xmltv.xml": { request: (f) => ({ path: `/cast/${f.cast.channelId}/xmltv.xml` }), expect: PUBLIC_ASSET },
  "GET /cast/{channelId}/stream.m3u8": {
    request: (f) => ({ path: `/cast/${f.cast.channelId}/stream.m3u8` }),
    expect: { owner: 302, other: 302, public: 302, none: 302, forged: 302 },
  },
  "GET /cast/user/{userCode}/xmltv.xml": { request: (f) => ({ path: `/cast/user/${f.owner.userCode}/xmltv.xml` }), expect: PUBLIC_ASSET },
  "GET /cast/user/{userCode}/playlist.m3u": {
    request: (f) => ({ path: `/cast/user/${f.owner.userCode}/playlist.m3u` }),
    expect: PUBLIC_ASSET,
  },
  "GET /asset/thumbnail/{thumbnailId}": { request: (f) => ({ path: `/asset/thumbnail/${f.thumbnailId}` }), expect: PUBLIC_ASSET },
  "GET /asset/thumbnail/{thumbnailId}/{width}": {
    request: (f) => ({ path: `/asset/thumbnail/${f.thumbnailId}/160` }),
    expect: PUBLIC_ASSET,
  },
  // a public vod's picture for link previews: anyone, a token or none (a private vod's is a 404 for all: discovery tests)
  "GET /asset/poster/vod/{vodId}": { request: (f) => ({ path: `/asset/poster/vod/${f.vodId}` }), expect: PUBLIC_ASSET },
  "GET /asset/poster/vod/{vodId}/{width}": { request: (f) => ({ path: `/asset/poster/vod/${f.vodId}/160` }), expect: PUBLIC_ASSET },
});

before(async () => {
  ({ api } = await connect());
  const [owner, other] = [await newUser(api), await newUser(api)];
  const progressbarId = `matrix-${randomBytes(4).toString("hex")}`;
  const uploaded = await uploadFile(
    api,
    owner.access,
    clip(),
    { title: "Matrix clip" },
    { headers: { "X-Service-progressbarId": progressbarId } },
  );
  assert.equal(uploaded.status, 201, uploaded.text);
  /** An item whose file is not media (it fails processing at once): enough for the rows that need an id. */
  const notMedia = async (user: TestUser, title: string) => {
    const res = await postMultipart(api, "/api/box", user.access, { title }, { filename: `${title}.mp4`, data: Buffer.from("not media") });
    assert.equal(res.status, 201, res.text);
    return res.body;
  };
  // the owner's webhooks (delivered to this server's /healthz: what it answers does not matter here)
  const webhook = async () => {
    const res = await api.post("/api/webhooks", { url: `${api.url}/healthz`, events: ["box.failed"] }, { token: owner.access });
    assert.equal(res.status, 201, res.text);
    return res.body.webhookId as string;
  };
  const webhookId = await webhook();
  const doomedWebhookId = await webhook();
  const doomed = await notMedia(owner, "doomed");
  await notMedia(other, "theirs");
  const thumb = await postPngThumbnail(api, owner.access);
  await playWhenReady(api, owner.access, uploaded.body.boxId);
  await waitReady(api, owner.access, uploaded.body.boxId); // vods are published from READY items only
  const vod = async (body: Record<string, unknown>) => {
    const res = await api.post(`/api/box/${uploaded.body.boxId}/vod`, body, { token: owner.access });
    assert.equal(res.status, 201, res.text);
    return res.body.vodId as string;
  };
  const bundle = async (withItem: boolean) => {
    const res = await api.post(
      "/api/contentbundle",
      { name: "Matrix bundle", price: "2,00", duration: 1, durationUnit: "MONTHS" },
      { token: owner.access },
    );
    assert.equal(res.status, 201, res.text);
    if (withItem) {
      const body = { sourceItems: [{ boxId: uploaded.body.boxId }], index: 0 };
      const inserted = await api.post(`/api/contentbundle/${res.body.bundleId}/items/insert`, body, { token: owner.access });
      assert.equal(inserted.status, 200, inserted.text);
    }
    return res.body.bundleId as string;
  };
  const bundleId = await bundle(true);
  const subscription = await api.post(`/api/contentbundle/${bundleId}/subscribe`, {}, { token: other.access });
  assert.equal(subscription.status, 200, subscription.text);
  await payThroughSandbox(subscription.body.url, subscription.body.trackingId);
  const listing = async (body: Record<string, unknown>) => {
    const res = await api.post(`/api/box/${uploaded.body.boxId}/marketplace`, body, { token: owner.access });
    assert.equal(res.status, 201, res.text);
    return res.body.marketplaceId as string;
  };
  fixture = {
    owner,
    other,
    boxId: uploaded.body.boxId,
    contentId: uploaded.body.contentId,
    doomedBoxId: doomed.boxId,
    progressbarId,
    thumbnailId: thumb.body.thumbnailId,
    vodId: await vod({ licenseType: "FREE" }),
    ppvVodId: await vod({ licenseType: "PAY_PER_VIEW", pricePerView: "1,50" }),
    doomedVodId: await vod({ licenseType: "FREE" }),
    bundleId,
    emptyBundleId: await bundle(false),
    removableBundleId: await bundle(true),
    doomedBundleId: await bundle(false),
    subscriptionTrackingId: subscription.body.trackingId,
    marketId: await listing({ licenseType: "FREE" }),
    spotMarketId: await listing({ licenseType: "SPOT_PRICE", activationPrice: "3,00" }),
    doomedMarketId: await listing({ licenseType: "FREE" }),
    ...(await liveFixture(owner)),
    cast: await castFixture(owner),
    takedownId: await takedownFixture(owner),
    webhookId,
    deliveryId: await firstDelivery(owner, webhookId),
    doomedWebhookId,
    apiKeyId: await apiKeyFixture(owner),
  };
});

async function apiKeyFixture(owner: TestUser): Promise<string> {
  const res = await api.post("/api/user/me/api-keys", { name: "matrix", scopes: ["box:read"] }, { token: owner.access });
  assert.equal(res.status, 201, res.text);
  return res.body.keyId;
}

/** The first delivery of the owner's webhook (the box.failed of the doomed item, fanned out by a job). */
async function firstDelivery(owner: TestUser, webhookId: string): Promise<string> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const res = await api.get(`/api/webhooks/${webhookId}/deliveries`, { token: owner.access });
    assert.equal(res.status, 200, res.text);
    if (res.body[0]) return res.body[0].deliveryId;
    if (Date.now() > deadline) throw new Error("no delivery of box.failed in 60 s");
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The tests' administrator takes a live channel of the owner's down: the owner may appeal it. */
async function takedownFixture(owner: TestUser): Promise<string> {
  const channel = await createChannel(api, owner);
  const admin = await testAdmin(api);
  const res = await api.post(
    "/api/admin/takedowns",
    { targetType: "liveChannel", targetId: channel.channelId, reason: "Matrix" },
    { token: admin.access },
  );
  assert.equal(res.status, 201, res.text);
  return res.body.takedownId;
}

/** The owner's cast channel with one LIVE program on CAST_DAY, its stream, and what the DELETE rows remove. */
async function castFixture(owner: TestUser): Promise<Fixture["cast"]> {
  const [channel, stream] = [await createCastChannel(api, owner), await createCastStream(api, owner)];
  const from = dayStart(CAST_DAY);
  const day = await saveDayOk(api, owner, channel.channelId, CAST_DAY, [
    timed(from, from + HOUR, { programType: "LIVE", sourceId: stream.streamId }),
  ]);
  return {
    channel,
    channelId: channel.channelId,
    streamId: stream.streamId,
    programId: day.programs[0].programId,
    doomedChannelId: (await createCastChannel(api, owner)).channelId,
    doomedStreamId: (await createCastStream(api, owner)).streamId,
  };
}

/** The owner's live channels and events of the live rows. */
async function liveFixture(
  owner: TestUser,
): Promise<Pick<Fixture, "liveChannel" | "liveEvent" | "ppvEventId" | "doomedChannelId" | "doomedEventId">> {
  const now = Date.now();
  const channel = await createChannel(api, owner);
  const window = [now - MINUTE, now + 2 * HOUR] as const;
  const event = await createEvent(api, owner, channel.channelId, ...window);
  const doomedEvent = await createEvent(api, owner, channel.channelId, now + 3 * HOUR, now + 4 * HOUR);
  const ppvChannel = await createChannel(api, owner);
  const ppv = await createEvent(api, owner, ppvChannel.channelId, ...window, { paymentMode: "PAY_PER_VIEW", pricePerView: "2,00" });
  return {
    liveChannel: { channelId: channel.channelId, streamPath: channel.streamPath },
    liveEvent: { eventId: event.eventId, body: eventBody(...window, { name: "Renamed event" }) },
    ppvEventId: ppv.eventId,
    doomedChannelId: (await createChannel(api, owner)).channelId,
    doomedEventId: doomedEvent.eventId,
  };
}

/** A private token naming the owner, signed with a key that is not the server's. */
async function forgedToken(owner: TestUser): Promise<string> {
  const claims = JSON.parse(Buffer.from(owner.access.split(".")[1]!, "base64url").toString()) as Record<string, unknown>;
  return new SignJWT({ ...claims, jti: randomUUID() })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .sign(createSecretKey(randomBytes(48)));
}

test("every route with an id answers each identity as the matrix says; no route is missing from it", async () => {
  const doc = (await api.get("/api/public/openapi.json")).body;
  const routes = Object.entries<Record<string, unknown>>(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
  );
  const withId = routes.filter((r) => r.includes("{"));
  const rows = matrix();
  assert.deepEqual(
    withId.filter((r) => !rows[r]),
    [],
    "routes with an id need a row in the authorization matrix",
  );
  assert.deepEqual(
    Object.keys(rows).filter((r) => !withId.includes(r)),
    [],
    "rows of routes that no longer exist",
  );

  const forged = await forgedToken(fixture.owner);
  const tokens: Record<Identity, string | undefined> = {
    owner: fixture.owner.access,
    other: fixture.other.access,
    public: await api.publicToken(),
    none: undefined,
    forged,
  };
  const mismatches: string[] = [];
  for (const key of withId) {
    const method = key.split(" ")[0];
    for (const as of IDENTITIES) {
      const { path, body, raw } = await rows[key]!.request(fixture, as);
      const res = await api.call(method!, path, body, {
        token: tokens[as],
        ...(raw ? { raw: raw.text, headers: { "Content-Type": raw.contentType } } : {}),
      });
      const expected = rows[key]!.expect[as];
      if (res.status !== expected) mismatches.push(`${key} as ${as}: ${res.status} (expected ${expected}) ${res.text.slice(0, 160)}`);
      // whatever is refused says nothing of the resource: the document's error shapes only
      if (res.status >= 400) assert.ok(res.body?.error, `${key} as ${as}: error body ${res.text.slice(0, 160)}`);
    }
  }
  assert.deepEqual(mismatches, []);
  // the refused calls changed nothing; the owner's own update went through
  const item = await api.get(`/api/box/${fixture.boxId}`, { token: fixture.owner.access });
  assert.equal(item.body.title, "Renamed by the matrix");
  assert.equal((await api.get(`/api/box/${fixture.doomedBoxId}`, { token: fixture.owner.access })).status, 404);
  assert.equal((await api.get(`/api/vod/${fixture.vodId}`, { token: fixture.owner.access })).body.licenseType, "CREATIVE_COMMONS");
  assert.equal((await api.get(`/api/vod/${fixture.doomedVodId}`, { token: fixture.owner.access })).status, 404);
  const bundleOf = (id: string) => api.get(`/api/contentbundle/${id}`, { token: fixture.owner.access });
  assert.equal((await bundleOf(fixture.bundleId)).body.name, "Renamed bundle");
  assert.equal((await bundleOf(fixture.emptyBundleId)).body.itemCount, 1);
  assert.equal((await bundleOf(fixture.removableBundleId)).body.itemCount, 0);
  assert.equal((await bundleOf(fixture.doomedBundleId)).status, 404);
  assert.equal((await api.get(`/api/marketplace/${fixture.marketId}`, { token: fixture.owner.access })).body.conditions.download, true);
  assert.equal((await api.get(`/api/marketplace/${fixture.doomedMarketId}`, { token: fixture.owner.access })).status, 404);
  const progress = (token: string) => api.get(`/api/progressbar/${fixture.progressbarId}`, { token });
  assert.deepEqual((await progress(fixture.owner.access)).body, { value: 100 });
  assert.deepEqual((await progress(fixture.other.access)).body, { value: 0 });
  const castProgram = await api.get(`/api/cast/program/${fixture.cast.programId}`, { token: fixture.owner.access });
  assert.equal(castProgram.body.title, "Renamed program");
  assert.equal((await api.get(`/api/cast/channel/${fixture.cast.doomedChannelId}`, { token: fixture.owner.access })).status, 404);
});
