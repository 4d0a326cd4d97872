import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Db } from "@/server/db/client";
import { env } from "@/server/env";

// Sources an account signed in from successfully before (OWASP's "device cookie" defence against
// lockout): the portal browser's device cookie, the address of a password-grant or portal login, the
// address of an encoder that published with the live password. While strangers' failures keep the
// account's shared failure counter over its limit, an attempt from a trusted source is still checked
// (under a per-source limit: a stolen device cookie does not buy a brute force). Stored as an HMAC
// with a key derived from AUTH_SECRET (never the address or the cookie itself), for LOGIN_TRUST_DAYS
// after the last success (the TrustedSource table).

export type TrustedSourceKind = "LOGIN_ADDRESS" | "LIVE_ADDRESS" | "DEVICE";

const DEVICE_VERSION = "v1";
const DAY_MS = 24 * 3600 * 1000;

let keys: { storage: Buffer; device: Buffer } | undefined;

/** Keys derived from AUTH_SECRET, one per use: the stored hashes, the device cookie's signature and name. */
function derivedKeys(): { storage: Buffer; device: Buffer } {
  const secret = env().authSecret;
  keys ??= {
    storage: createHmac("sha256", secret).update("kinora-trusted-sources v1").digest(),
    device: createHmac("sha256", secret).update("kinora-device-cookie v1").digest(),
  };
  return keys;
}

const hmac = (key: Buffer, text: string) => createHmac("sha256", key).update(text).digest("base64url");

/** An address as the counters see it: an IPv4 address mapped into IPv6 is the IPv4 address. */
function normalAddress(address: string): string {
  const a = address.trim().toLowerCase();
  return a.startsWith("::ffff:") && a.includes(".") ? a.slice(7) : a;
}

/** What is stored for an address: its keyed hash. */
export const addressKeyHash = (address: string): string => hmac(derivedKeys().storage, `address:${normalAddress(address)}`);

/** How long a source stays trusted after its last success. */
export const trustMs = (): number => env().LOGIN_TRUST_DAYS * DAY_MS;

// ---------- the portal's device cookie ----------

/**
 * The device cookie's name for one account (one cookie per account a browser signed in to, so
 * people sharing a computer keep theirs): a keyed hash of the user id, so the name tells nothing.
 * `__Secure-` when the instance is served over https.
 */
export function deviceCookieName(userId: string): string {
  const secure = env().publicUrl.startsWith("https:");
  return `${secure ? "__Secure-" : ""}kinora-device-${hmac(derivedKeys().device, `name:${userId}`).slice(0, 16)}`;
}

/** The cookie's attributes: sent only to the credentials sign-in, never to scripts, kept LOGIN_TRUST_DAYS. */
export function deviceCookieOptions(): { httpOnly: true; secure: boolean; sameSite: "strict"; path: string; maxAge: number } {
  return {
    httpOnly: true,
    secure: env().publicUrl.startsWith("https:"),
    sameSite: "strict",
    path: "/auth/callback",
    maxAge: Math.floor(trustMs() / 1000),
  };
}

/** A new device cookie value for `userId` (`v1.<nonce>.<signature>`, the signature over the user id and the nonce) and its stored hash. */
export function newDeviceToken(userId: string): { token: string; keyHash: string } {
  const nonce = randomBytes(18).toString("base64url");
  const token = `${DEVICE_VERSION}.${nonce}.${hmac(derivedKeys().device, `${DEVICE_VERSION}.${userId}.${nonce}`)}`;
  return { token, keyHash: hmac(derivedKeys().storage, `device:${nonce}`) };
}

/** The stored hash of a device cookie value, when its signature is this user's; undefined for anything else. */
export function deviceKeyHash(userId: string, token: string | undefined): string | undefined {
  if (!token) return undefined;
  const [version, nonce, signature, ...rest] = token.split(".");
  if (version !== DEVICE_VERSION || !nonce || !signature || rest.length) return undefined;
  const expected = Buffer.from(hmac(derivedKeys().device, `${DEVICE_VERSION}.${userId}.${nonce}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return hmac(derivedKeys().storage, `device:${nonce}`);
}

// ---------- the table ----------

/** The kinds, among `candidates`, that are trusted (stored and not expired) for `userId`. */
export async function trustedKinds(
  db: Db,
  userId: string,
  candidates: { kind: TrustedSourceKind; keyHash: string | undefined }[],
): Promise<Set<TrustedSourceKind>> {
  const wanted = candidates.filter((c): c is { kind: TrustedSourceKind; keyHash: string } => !!c.keyHash);
  if (!wanted.length) return new Set();
  const rows = await db.trustedSource.findMany({
    where: { userId, expiresAt: { gt: new Date() }, OR: wanted.map((c) => ({ kind: c.kind, keyHash: c.keyHash })) },
    select: { kind: true },
  });
  return new Set(rows.map((r) => r.kind));
}

/** Remembers (or renews) a source after a success, for LOGIN_TRUST_DAYS; the user's expired sources go. */
export async function trustSource(db: Db, userId: string, kind: TrustedSourceKind, keyHash: string): Promise<void> {
  const expiresAt = new Date(Date.now() + trustMs());
  await db.$executeRaw`
    INSERT INTO "TrustedSource" ("userId", "kind", "keyHash", "lastUsedAt", "expiresAt")
    VALUES (${userId}::uuid, ${kind}::"TrustedSourceKind", ${keyHash}, now(), ${expiresAt})
    ON CONFLICT ("userId", "kind", "keyHash") DO UPDATE SET "lastUsedAt" = now(), "expiresAt" = EXCLUDED."expiresAt"`;
  await db.trustedSource.deleteMany({ where: { userId, expiresAt: { lte: new Date() } } });
}
