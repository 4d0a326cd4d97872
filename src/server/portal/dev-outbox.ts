import { headers } from "next/headers";
import { env } from "@/server/env";
import { outboxEnabled } from "@/server/mail/send-mail";
import { addressFromHeaders } from "@/server/rest/client-address";

const LOOPBACK_ADDRESS = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;
const LOOPBACK_HOST = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/;

/**
 * The development outbox page exists only when mail is not sent (no SMTP_URL) on a local instance:
 * the outbox holds activation and password-renew links, so showing it on a reachable instance would
 * hand out every account. Local means both the configured public URL (PUBLIC_URL, localhost by
 * default) and the request's address (last X-Forwarded-For hop, which `next start` fills in from
 * the socket when no proxy did) are loopback; the first cannot be forged by a request.
 */
export async function devOutboxVisible(): Promise<boolean> {
  if (!outboxEnabled() || !LOOPBACK_HOST.test(new URL(env().publicUrl).hostname)) return false;
  const h = await headers();
  const address = addressFromHeaders((name) => h.get(name));
  return address !== undefined && LOOPBACK_ADDRESS.test(address);
}
