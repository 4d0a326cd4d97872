import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** 256 random bits, URL-safe. Used for activation, renew, refresh and download tokens. */
export const newSecureToken = (): string => randomBytes(32).toString("base64url");

/** Tokens are stored only as their SHA-256 (they are random, so no salt or slow hash is needed). */
export const hashToken = (token: string): string => createHash("sha256").update(token).digest("hex");

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
