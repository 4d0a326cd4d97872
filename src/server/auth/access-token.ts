import { createHmac, createSecretKey, randomUUID, timingSafeEqual, type KeyObject } from "node:crypto";
import { SignJWT } from "jose";
import { env } from "@/server/env";

/** Scope "private" carries a user (password grant); "public" is a client without a user. */
export type TokenScope = "public" | "private";

export interface AccessTokenClaims {
  jti: string;
  clientId: string;
  /** the client has a secret (a confidential client): its public tokens get a request budget of their own (rest/api-budget.ts) */
  confidential: boolean;
  scope: TokenScope;
  userId?: string;
  /** The refresh-token family (login) this access token belongs to; private tokens only. */
  familyId?: string;
  /** User.sessionVersion when the token was issued; private tokens only. */
  sessionVersion?: number;
  issuedAt: number; // seconds
  expiresAt: number; // seconds
}

export interface IssuedAccessToken {
  token: string;
  jti: string;
  expiresIn: number;
}

const ISSUER = "kinora";

// A KeyObject made once: given raw bytes, jose imports the key through WebCrypto on every call.
let key: KeyObject | undefined;
const signingKey = () => (key ??= createSecretKey(env().authSecret));

/** Whose a private token is: the user, the login (refresh-token family) and the user's session version. */
export interface TokenUser {
  userId: string;
  familyId: string;
  sessionVersion: number;
}

/** The client a token is issued to. */
export interface TokenClient {
  id: string;
  confidential: boolean;
}

export async function signAccessToken(
  client: TokenClient,
  user?: TokenUser,
  ttlSeconds = env().ACCESS_TOKEN_TTL,
): Promise<IssuedAccessToken> {
  const jti = randomUUID();
  const userId = user?.userId;
  const builder = new SignJWT({
    cid: client.id,
    ...(client.confidential ? { cc: true } : {}),
    scp: userId ? "private" : "public",
    ...(user ? { fam: user.familyId, sv: user.sessionVersion } : {}),
  })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer(ISSUER)
    .setJti(jti)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`);
  if (userId) builder.setSubject(userId);
  return { token: await builder.sign(signingKey()), jti, expiresIn: ttlSeconds };
}

export type VerifyResult = { ok: true; claims: AccessTokenClaims } | { ok: false; reason: "expired" | "invalid" };

/**
 * Verifies an access token: a compact JWS, HS256 with our key, issuer "kinora", not expired. The
 * checks are jose's jwtVerify with these options (header alg, signature, JSON claims object, iss,
 * iat/nbf/exp numbers, nbf not in the future, exp in the future), done synchronously with node:crypto:
 * jose goes through WebCrypto, importing the key and running the HMAC as an async job, several times
 * the cost of the check on every authenticated request (docs/perf.md). Stricter than jose in one way:
 * a header with "crit" or "b64" (which we never issue) is refused.
 */
export async function verifyAccessToken(token: string): Promise<VerifyResult> {
  const payload = verifiedPayload(token);
  if (!payload) return { ok: false, reason: "invalid" };
  if (payload.iss !== ISSUER) return { ok: false, reason: "invalid" };
  const now = Math.floor(Date.now() / 1000);
  const { iat, nbf, exp } = payload;
  if (![iat, nbf, exp].every((t) => t === undefined || typeof t === "number")) return { ok: false, reason: "invalid" };
  if (typeof nbf === "number" && nbf > now) return { ok: false, reason: "invalid" };
  if (typeof exp === "number" && exp <= now) return { ok: false, reason: "expired" };
  const scope = payload.scp === "private" ? "private" : "public";
  const sub = typeof payload.sub === "string" ? payload.sub : undefined;
  const fam = typeof payload.fam === "string" ? payload.fam : undefined;
  const sv = Number.isSafeInteger(payload.sv) ? (payload.sv as number) : undefined;
  if (typeof payload.cid !== "string" || typeof payload.jti !== "string" || !payload.jti) return { ok: false, reason: "invalid" };
  if (scope === "private" && (!sub || !fam || sv === undefined)) return { ok: false, reason: "invalid" };
  return {
    ok: true,
    claims: {
      jti: payload.jti,
      clientId: payload.cid,
      confidential: payload.cc === true,
      scope,
      userId: sub,
      familyId: fam,
      sessionVersion: sv,
      issuedAt: typeof iat === "number" ? iat : 0,
      expiresAt: typeof exp === "number" ? exp : 0,
    },
  };
}

const BASE64URL = /^[A-Za-z0-9_-]*$/;
const utf8 = new TextDecoder("utf-8", { fatal: true });

/** A base64url segment's JSON object, or undefined. */
function jsonSegment(segment: string): Record<string, unknown> | undefined {
  if (!BASE64URL.test(segment)) return undefined;
  try {
    const value: unknown = JSON.parse(utf8.decode(Buffer.from(segment, "base64url")));
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The claims of a compact HS256 JWS whose signature is ours; undefined for anything else. */
function verifiedPayload(token: string): Record<string, unknown> | undefined {
  const parts = token.split(".");
  if (parts.length !== 3) return undefined;
  const [header, payload, signature] = parts as [string, string, string];
  const protectedHeader = jsonSegment(header);
  if (!protectedHeader || protectedHeader.alg !== "HS256" || "crit" in protectedHeader || "b64" in protectedHeader) return undefined;
  if (!BASE64URL.test(signature)) return undefined;
  const expected = createHmac("sha256", signingKey()).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return jsonSegment(payload);
}
