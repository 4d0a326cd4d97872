import { randomBytes } from "node:crypto";
import { sealer } from "@/server/auth/seal";

// The live password kept recoverable for its owner (User.livePasswordSealed) beside its argon2id hash
// (which the publish check uses): the Go-live panel reveals the whole stream key, as streaming
// services show theirs. Sealed with a key derived from AUTH_SECRET for this purpose (auth/seal).

const livePasswords = sealer("kinora live password seal v1");

/** "v1.<iv>.<tag>.<ciphertext>", base64url parts. */
export const sealLivePassword = (password: string): string => livePasswords.seal(password);

/** The password, or undefined for a value that is not ours (another AUTH_SECRET, altered). */
export const unsealLivePassword = (sealed: string): string | undefined => livePasswords.unseal(sealed);

/** A new live password: 24 URL-safe characters (144 random bits), fit for an RTMP query string. */
export const newLivePassword = (): string => randomBytes(18).toString("base64url");
