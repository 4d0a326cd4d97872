import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";
import { env } from "@/server/env";

// The live password kept recoverable for its owner (User.livePasswordSealed) beside its argon2id hash
// (which the publish check uses): the Go-live panel reveals the whole stream key, as streaming
// services show theirs. AES-256-GCM with a key derived from AUTH_SECRET, one per purpose.

const VERSION = "v1";
let key: Buffer | undefined;

const sealKey = (): Buffer => (key ??= createHmac("sha256", env().authSecret).update("kinora live password seal v1").digest());

/** "v1.<iv>.<tag>.<ciphertext>", base64url parts. */
export function sealLivePassword(password: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", sealKey(), iv);
  const sealed = Buffer.concat([cipher.update(password, "utf8"), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), sealed].map((p) => (typeof p === "string" ? p : p.toString("base64url"))).join(".");
}

/** The password, or undefined for a value that is not ours (another AUTH_SECRET, altered). */
export function unsealLivePassword(sealed: string): string | undefined {
  const [version, iv, tag, data] = sealed.split(".");
  if (version !== VERSION || !iv || !tag || data === undefined) return undefined;
  try {
    const decipher = createDecipheriv("aes-256-gcm", sealKey(), Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return undefined;
  }
}

/** A new live password: 24 URL-safe characters (144 random bits), fit for an RTMP query string. */
export const newLivePassword = (): string => randomBytes(18).toString("base64url");
