import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";
import { env } from "@/server/env";

// Secrets Kinora must read back (not only check): AES-256-GCM with a key derived from AUTH_SECRET,
// one key per purpose, so a value sealed for one use opens for no other. A credential Kinora only
// checks is hashed instead (auth/passwords, auth/tokens).

const VERSION = "v1";

export interface Sealer {
  /** "v1.<iv>.<tag>.<ciphertext>", base64url parts. */
  seal(text: string): string;
  /** The text, or undefined for a value that is not ours (another AUTH_SECRET, another purpose, altered). */
  unseal(sealed: string): string | undefined;
}

/** The sealer of one `purpose` (a fixed label such as "kinora live password seal v1"). */
export function sealer(purpose: string): Sealer {
  let key: Buffer | undefined;
  const keyOf = (): Buffer => (key ??= createHmac("sha256", env().authSecret).update(purpose).digest());
  return {
    seal(text) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", keyOf(), iv);
      const sealed = Buffer.concat([cipher.update(text, "utf8"), cipher.final()]);
      return [VERSION, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), sealed.toString("base64url")].join(".");
    },
    unseal(sealed) {
      const [version, iv, tag, data] = sealed.split(".");
      if (version !== VERSION || !iv || !tag || data === undefined) return undefined;
      try {
        const decipher = createDecipheriv("aes-256-gcm", keyOf(), Buffer.from(iv, "base64url"));
        decipher.setAuthTag(Buffer.from(tag, "base64url"));
        return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
      } catch {
        return undefined;
      }
    },
  };
}
