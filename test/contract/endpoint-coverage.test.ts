// Every endpoint of the interface document (section "Endpoints", the token endpoint) and of the
// supplement's §2 table (as committed in test/support/documented-endpoints.json), checked against the operations the running server describes in
// /api/public/openapi.json (generated from the route tables it dispatches). Prints the coverage of
// every area; fails when an endpoint of a finished area is missing, and when the server serves an
// operation that neither document describes.
import assert from "node:assert/strict";
import { before, test } from "node:test";
import { Api } from "../support/api";
import { sharedKinora } from "../support/server";
import { documentedEndpoints, endpointKey, type DocumentedEndpoint } from "../support/spec-endpoints";

/** Areas whose issue is done: every endpoint in them must be served. Each later issue adds its area. */
const FINISHED_AREAS = [
  "Authentication",
  "Users",
  "Box",
  "Thumbnails",
  "Vod",
  "Content bundles",
  "Marketplace",
  "Live channels",
  "Live events",
  "Cast channels",
  "Cast streams",
  "Cast programs and daily programming",
];

/** Served without being a documented endpoint. */
const UNDOCUMENTED_ALLOWED = new Set([
  endpointKey("GET", "/api/public/openapi.json"),
  // the IPTV URLs of cast channels (issue 12: XMLTV and M3U at stable public URLs, in the OpenAPI document)
  endpointKey("GET", "/cast/{channelId}/xmltv.xml"),
  endpointKey("GET", "/cast/{channelId}/stream.m3u8"),
  endpointKey("GET", "/cast/user/{userCode}/xmltv.xml"),
  endpointKey("GET", "/cast/user/{userCode}/playlist.m3u"),
  // the pictures of public videos for link previews (issue 21: og:image without a session)
  endpointKey("GET", "/asset/poster/vod/{vodId}"),
  endpointKey("GET", "/asset/poster/vod/{vodId}/{width}"),
  // captions and chapters (issue 26: paths fixed by the issue)
  endpointKey("POST", "/api/box/{boxId}/captions"),
  endpointKey("GET", "/api/box/{boxId}/captions"),
  endpointKey("DELETE", "/api/box/{boxId}/captions/{language}"),
  endpointKey("GET", "/api/box/{boxId}/chapters"),
  endpointKey("POST", "/api/box/{boxId}/chapters"),
  // administration (issue 25: paths fixed by the issue, OpenAPI tag admin)
  endpointKey("POST", "/api/admin/users/{userCode}/suspend"),
  endpointKey("POST", "/api/admin/users/{userCode}/unsuspend"),
  endpointKey("DELETE", "/api/admin/users/{userCode}"),
  endpointKey("GET", "/api/admin/audit"),
  endpointKey("POST", "/api/admin/users/{userCode}/approve"),
  endpointKey("POST", "/api/admin/takedowns"),
  endpointKey("GET", "/api/admin/takedowns"),
  endpointKey("DELETE", "/api/admin/takedowns/{takedownId}"),
  endpointKey("GET", "/api/admin/reports"),
  endpointKey("POST", "/api/admin/reports/{reportId}/dismiss"),
  endpointKey("GET", "/api/admin/settings/registration"),
  endpointKey("POST", "/api/admin/settings/registration"),
  endpointKey("POST", "/api/admin/invitations"),
  endpointKey("GET", "/api/admin/appeals"),
  endpointKey("GET", "/api/admin/dashboard"),
  endpointKey("GET", "/api/admin/users"),
  endpointKey("POST", "/api/admin/users/{userCode}/role"),
  endpointKey("GET", "/api/admin/jobs/failed"),
  endpointKey("POST", "/api/admin/jobs/{jobId}/retry"),
  endpointKey("GET", "/api/public/transparency"),
  endpointKey("POST", "/api/admin/licenses/{licenseName}"),
  endpointKey("POST", "/api/admin/users/{userCode}/activation"),
  endpointKey("POST", "/api/admin/users/{userCode}/plan"),
  endpointKey("GET", "/api/admin/contents"),
  endpointKey("GET", "/api/admin/payments"),
  endpointKey("POST", "/api/admin/payments/{trackingId}/refund"),
  endpointKey("GET", "/api/admin/clients"),
  endpointKey("POST", "/api/admin/clients"),
  endpointKey("POST", "/api/admin/clients/{clientId}/origins"),
  endpointKey("DELETE", "/api/admin/clients/{clientId}"),
  endpointKey("POST", "/api/admin/takedowns/{takedownId}/appeal"),
  // reports of abuse by anyone, an owner's statements of reasons and appeal (issue 25, tag Reports)
  endpointKey("POST", "/api/public/reports"),
  endpointKey("GET", "/api/user/me/notices"),
  endpointKey("POST", "/api/user/me/notices/{takedownId}/appeal"),
  // webhooks (issue 27: paths fixed by the issue, tag Webhooks)
  endpointKey("POST", "/api/webhooks"),
  endpointKey("GET", "/api/webhooks"),
  endpointKey("DELETE", "/api/webhooks/{webhookId}"),
  endpointKey("GET", "/api/webhooks/{webhookId}/deliveries"),
  endpointKey("POST", "/api/webhooks/{webhookId}/deliveries/{deliveryId}/retry"),
  // API keys (issue 27: paths fixed by the issue, tag API keys)
  endpointKey("POST", "/api/user/me/api-keys"),
  endpointKey("GET", "/api/user/me/api-keys"),
  endpointKey("DELETE", "/api/user/me/api-keys/{keyId}"),
  // audience analytics (issue 28: the reads' paths fixed by the issue; the players' beacons)
  endpointKey("POST", "/api/public/analytics/beacons"),
  endpointKey("GET", "/api/analytics/vods/{vodId}"),
  endpointKey("GET", "/api/analytics/live/events/{eventId}"),
  endpointKey("GET", "/api/analytics/overview"),
]);

let api: Api;
let documented: DocumentedEndpoint[];
let served: Set<string>;

before(async () => {
  api = new Api((await sharedKinora()).url);
  documented = documentedEndpoints();
  const res = await api.get("/api/public/openapi.json");
  assert.equal(res.status, 200, `openapi.json: ${res.status} ${res.text.slice(0, 200)}`);
  served = new Set<string>();
  for (const [path, item] of Object.entries(res.body.paths as Record<string, Record<string, unknown>>)) {
    if (path === "/oauth/token") continue; // described always (it is not a RestRoute): probed below
    for (const method of Object.keys(item)) served.add(endpointKey(method, path));
  }
  // The token endpoint is its own route file: served when POST answers anything but 404/405.
  const token = await api.token({ grant_type: "client_credentials" });
  if (token.status !== 404 && token.status !== 405) served.add(endpointKey("POST", "/oauth/token"));
});

test("the committed list of documented endpoints has the known areas", () => {
  assert.ok(documented.length >= 100, `only ${documented.length} endpoints parsed from the documents`);
  const areas = new Set(documented.map((e) => e.area));
  for (const area of FINISHED_AREAS)
    assert.ok(areas.has(area), `finished area "${area}" not found in the documents (areas: ${[...areas].join(", ")})`);
  assert.ok(
    documented.some((e) => e.path === "/api/public/user/password/renew/confirm" && e.area === "Users"),
    "the supplement's renew confirm belongs to Users",
  );
});

test("coverage of the documented endpoints", () => {
  const byArea = new Map<string, DocumentedEndpoint[]>();
  for (const e of documented) byArea.set(e.area, [...(byArea.get(e.area) ?? []), e]);
  const missingInFinished: string[] = [];
  let implemented = 0;
  for (const [area, endpoints] of byArea) {
    const done = endpoints.filter((e) => served.has(endpointKey(e.method, e.path)));
    implemented += done.length;
    const finished = FINISHED_AREAS.includes(area);
    console.log(`${area}: ${done.length}/${endpoints.length} implemented${finished ? " (finished)" : ""}`);
    if (finished) {
      for (const e of endpoints) if (!done.includes(e)) missingInFinished.push(`${e.method} ${e.path} (${area}, ${e.source})`);
    }
  }
  console.log(`documented endpoints implemented: ${implemented}/${documented.length}`);
  assert.deepEqual(missingInFinished, [], `endpoints of finished areas not served:\n  ${missingInFinished.join("\n  ")}`);
});

test("every served operation is a documented endpoint (no placeholders)", () => {
  const documentedKeys = new Set(documented.map((e) => endpointKey(e.method, e.path)));
  const extra = [...served].filter((key) => !documentedKeys.has(key) && !UNDOCUMENTED_ALLOWED.has(key));
  assert.deepEqual(extra, [], `served but in neither document:\n  ${extra.join("\n  ")}`);
});
