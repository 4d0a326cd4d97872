import type { Actor } from "@/server/core/context";
import type { Db } from "@/server/db/client";
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  isIdempotencyKey,
  releaseIdempotencyKey,
  requestFingerprint,
} from "@/server/core/idempotency";
import { DomainError } from "@/server/core/errors";
import { sealer } from "@/server/auth/seal";
import { translate, type Lang } from "@/server/i18n/messages";
import { errorResponse } from "./error-body";
import type { RestRoute } from "./route";
import { clientAddress } from "./client-address";

// `Idempotency-Key` on the REST POSTs (issue 27 item 3; core/idempotency.ts keeps the keys): the
// first request with a key runs, a retry with the same key and request within 24 h gets its answer
// again (`Idempotent-Replayed: true`) without a second effect, the same key with another request is
// a 422, and a retry while the first still runs a 409. Only a success is kept: after an error the
// key is given back, so a retry runs again (an error had no effect).

// a kept answer may hold what is shown once (an API key, a webhook secret): kept sealed, never in clear
const answers = sealer("kinora idempotent answer v1");

export interface Idempotency {
  scope: string;
  key: string;
  fingerprint: string;
}

/** Who asks, for the key's scope: a user (with any of its logins or keys), a client, else an address. */
function scopeOf(actor: Actor, request: Request): string {
  if (actor.kind === "user") return `user:${actor.userId}`;
  if (actor.kind === "client") return `client:${actor.clientId}`;
  return `address:${clientAddress(request)}`;
}

/**
 * The idempotency of a POST that carries the header, else undefined. The request is its method, path
 * and JSON body as parsed (spacing aside); an upload (a multipart body the route reads itself) is
 * known by its path, length and media type, as its bytes are not read twice.
 */
export function idempotencyOf(request: Request, route: RestRoute, actor: Actor, body: Record<string, unknown>): Idempotency | undefined {
  if (route.method !== "POST") return undefined;
  const key = request.headers.get("idempotency-key");
  if (key === null) return undefined;
  if (!isIdempotencyKey(key)) throw new DomainError("BAD_REQUEST", "error.idempotencyKeyInvalid");
  const path = new URL(request.url).pathname;
  const described = route.rawBody
    ? `${request.headers.get("content-length") ?? ""} ${(request.headers.get("content-type") ?? "").split(";")[0]}`
    : JSON.stringify(body);
  return { scope: scopeOf(actor, request), key, fingerprint: requestFingerprint("POST", path, described) };
}

/** Runs `run` once for its key (see above). */
export async function runOnce(db: Db, idem: Idempotency, run: () => Promise<Response>, lang: Lang, path: string): Promise<Response> {
  const claim = await claimIdempotencyKey(db, idem.scope, idem.key, idem.fingerprint);
  if (claim.kind === "replay") {
    const body = claim.body ? answers.unseal(claim.body) : "";
    if (body === undefined) return errorResponse(422, translate(lang, "error.idempotencyKeyReused"), path); // sealed under another AUTH_SECRET
    return new Response(body || null, {
      status: claim.status,
      headers: { ...(body ? { "Content-Type": "application/json;charset=UTF-8" } : {}), "Idempotent-Replayed": "true" },
    });
  }
  if (claim.kind === "mismatch") return errorResponse(422, translate(lang, "error.idempotencyKeyReused"), path);
  if (claim.kind === "busy") return errorResponse(409, translate(lang, "error.idempotencyKeyBusy"), path, {}, { "Retry-After": "1" });
  let response: Response;
  try {
    response = await run();
  } catch (err) {
    await releaseIdempotencyKey(db, claim.id);
    throw err;
  }
  if (response.status >= 200 && response.status < 300) {
    const text = await response.clone().text();
    await completeIdempotencyKey(db, claim.id, response.status, text ? answers.seal(text) : "");
  } else await releaseIdempotencyKey(db, claim.id);
  return response;
}
