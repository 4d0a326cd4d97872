import type { Db } from "@/server/db/client";
import { verifyPassword } from "@/server/auth/password";
import { isStorableText } from "@/server/core/storable-text";

export interface AuthenticatedClient {
  id: string;
  grants: string[];
  /** it has a secret (public clients such as `www` have none) */
  confidential: boolean;
}

export type ClientAuthResult = { ok: true; client: AuthenticatedClient } | { ok: false; message: string };

const MISSING = "Full authentication is required to access this resource";
const BAD = "Bad credentials";

/**
 * HTTP Basic client authentication, `<CLIENT_ID>:<CLIENT_SECRET>`. A public client (no stored
 * secret, such as `www`) must send an empty secret; a confidential client its secret, checked
 * against the argon2id hash. A `client_id` repeated in the form body must name the same client.
 */
export async function authenticateClient(
  db: Db,
  authorization: string | null,
  formClientId: string | undefined,
): Promise<ClientAuthResult> {
  const credentials = parseBasic(authorization);
  if (!credentials) return { ok: false, message: authorization ? BAD : MISSING };
  if (formClientId !== undefined && formClientId !== credentials.id) return { ok: false, message: BAD };
  const client = await db.oAuthClient.findUnique({
    where: { id: credentials.id },
    select: { id: true, secretHash: true, grants: true, revokedAt: true },
  });
  // a client an administrator revoked is no client any more (domain/admin/oauth-clients.ts)
  if (!client || client.revokedAt) return { ok: false, message: BAD };
  const secretOk =
    client.secretHash === null
      ? credentials.secret === ""
      : credentials.secret !== "" && (await verifyPassword(client.secretHash, credentials.secret));
  if (!secretOk) return { ok: false, message: BAD };
  return { ok: true, client: { id: client.id, grants: client.grants, confidential: client.secretHash !== null } };
}

function parseBasic(header: string | null): { id: string; secret: string } | undefined {
  const m = header ? /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header) : null;
  if (!m) return undefined;
  const decoded = Buffer.from(m[1]!, "base64").toString("utf8");
  if (!isStorableText(decoded)) return undefined; // a NUL names no client (and the database could not look it up)
  const colon = decoded.indexOf(":");
  if (colon <= 0) return undefined;
  return { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}
