import { createHmac, randomBytes } from "node:crypto";

// Standard Webhooks signatures (https://www.standardwebhooks.com): the secret is "whsec_" and the
// base64 of a random key; each attempt is signed as `v1,` + base64(HMAC-SHA256(key,
// "{webhook-id}.{webhook-timestamp}.{body}")), the timestamp in seconds, so any Standard Webhooks
// library (the `standardwebhooks` package, Svix's) verifies it.

const PREFIX = "whsec_";

/** A new endpoint secret: "whsec_" and the base64 of 24 random bytes. */
export const newWebhookSecret = (): string => `${PREFIX}${randomBytes(24).toString("base64")}`;

/** The `webhook-signature` header value of one attempt. */
export function signWebhook(secret: string, messageId: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, "base64");
  const mac = createHmac("sha256", key).update(`${messageId}.${timestampSeconds}.${body}`).digest("base64");
  return `v1,${mac}`;
}
