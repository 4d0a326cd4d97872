import { createSecretKey, randomUUID, type KeyObject } from "node:crypto";
import { SignJWT, jwtVerify, errors as joseErrors } from "jose";
import { env } from "@/server/env";

/** Scope "private" carries a user (password grant); "public" is a client without a user. */
export type TokenScope = "public" | "private";

export interface AccessTokenClaims {
  jti: string;
  clientId: string;
  scope: TokenScope;
  userId?: string;
  /** The refresh-token family (login) this access token belongs to; private tokens only. */
  familyId?: string;
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

export async function signAccessToken(
  clientId: string,
  user?: { userId: string; familyId: string },
  ttlSeconds = env().ACCESS_TOKEN_TTL,
): Promise<IssuedAccessToken> {
  const jti = randomUUID();
  const userId = user?.userId;
  const builder = new SignJWT({ cid: clientId, scp: userId ? "private" : "public", ...(user ? { fam: user.familyId } : {}) })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer(ISSUER)
    .setJti(jti)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`);
  if (userId) builder.setSubject(userId);
  return { token: await builder.sign(signingKey()), jti, expiresIn: ttlSeconds };
}

export type VerifyResult = { ok: true; claims: AccessTokenClaims } | { ok: false; reason: "expired" | "invalid" };

export async function verifyAccessToken(token: string): Promise<VerifyResult> {
  try {
    const { payload } = await jwtVerify(token, signingKey(), { issuer: ISSUER, algorithms: ["HS256"] });
    const scope = payload.scp === "private" ? "private" : "public";
    if (typeof payload.cid !== "string" || !payload.jti || (scope === "private" && !payload.sub)) return { ok: false, reason: "invalid" };
    return {
      ok: true,
      claims: {
        jti: payload.jti,
        clientId: payload.cid,
        scope,
        userId: payload.sub,
        familyId: typeof payload.fam === "string" ? payload.fam : undefined,
        issuedAt: payload.iat ?? 0,
        expiresAt: payload.exp ?? 0,
      },
    };
  } catch (err) {
    return { ok: false, reason: err instanceof joseErrors.JWTExpired ? "expired" : "invalid" };
  }
}
