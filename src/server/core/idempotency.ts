import { createHash } from "node:crypto";
import type { Db } from "@/server/db/client";

// Idempotency keys (issue 27 item 3): a POST that creates or charges may carry `Idempotency-Key`;
// the first request with a key runs and its answer is kept for 24 h, a retry with the same key and
// the same request gets that answer again without a second effect, the same key with another request
// is refused. One row per (who asked, key), claimed by an insert: of two racing requests one runs,
// the other is told to retry.

/** How long an answer is kept (and a key bound to its request). */
export const IDEMPOTENCY_TTL_MS = 24 * 3600 * 1000;

/** A claim that was not finished in this long (its process died mid-request) may be taken over. */
const ABANDONED_MS = 5 * 60_000;

const KEY = /^[\x21-\x7e]{1,255}$/;

/** Whether a header value can be an idempotency key: 1 to 255 visible ASCII characters. */
export const isIdempotencyKey = (value: string): boolean => KEY.test(value);

/** The fingerprint of a request: its method, path and body (as sent, or as parsed: the caller decides). */
export const requestFingerprint = (method: string, path: string, body: string): string =>
  createHash("sha256").update(`${method} ${path}\n${body}`).digest("hex");

export type Claim =
  | { kind: "run"; id: string } // first with this key: run, then complete or release
  | { kind: "replay"; status: number; body: string } // done before with the same request
  | { kind: "mismatch" } // the key was used for another request
  | { kind: "busy" }; // the first request with this key still runs

/** Claims `key` for `scope` and `fingerprint`. */
export async function claimIdempotencyKey(db: Db, scope: string, key: string, fingerprint: string, now = new Date()): Promise<Claim> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const existing = await db.idempotencyKey.findUnique({ where: { scope_key: { scope, key } } });
    if (!existing || existing.createdAt.getTime() < now.getTime() - IDEMPOTENCY_TTL_MS) {
      // none, or one whose day has passed (not swept yet): this request is the first
      if (existing) await db.idempotencyKey.deleteMany({ where: { id: existing.id, createdAt: existing.createdAt } });
      try {
        const made = await db.idempotencyKey.create({ data: { scope, key, fingerprint, createdAt: now }, select: { id: true } });
        return { kind: "run", id: made.id };
      } catch (err) {
        if ((err as { code?: string }).code === "P2002") continue; // another request claimed it meanwhile: look again
        throw err;
      }
    }
    if (existing.fingerprint !== fingerprint) return { kind: "mismatch" };
    if (existing.status === "DONE") return { kind: "replay", status: existing.responseStatus ?? 200, body: existing.responseBody ?? "" };
    if (existing.createdAt.getTime() >= now.getTime() - ABANDONED_MS) return { kind: "busy" };
    // abandoned (its process died): taken over by this request
    const taken = await db.idempotencyKey.updateMany({
      where: { id: existing.id, status: "PENDING", createdAt: existing.createdAt },
      data: { createdAt: now },
    });
    if (taken.count === 1) return { kind: "run", id: existing.id };
  }
  return { kind: "busy" };
}

/** Keeps the answer of the claimed request. */
export async function completeIdempotencyKey(db: Db, id: string, status: number, body: string): Promise<void> {
  await db.idempotencyKey.updateMany({
    where: { id, status: "PENDING" },
    data: { status: "DONE", responseStatus: status, responseBody: body },
  });
}

/** Gives the key back (the request failed in a way a retry may fix: a 5xx, a 429): the next request with it runs. */
export async function releaseIdempotencyKey(db: Db, id: string): Promise<void> {
  await db.idempotencyKey.deleteMany({ where: { id, status: "PENDING" } });
}

/** The keys whose day has passed (the idempotency sweep); returns how many went. */
export async function deleteExpiredIdempotencyKeys(db: Db, now = new Date()): Promise<number> {
  const { count } = await db.idempotencyKey.deleteMany({ where: { createdAt: { lt: new Date(now.getTime() - IDEMPOTENCY_TTL_MS) } } });
  return count;
}
