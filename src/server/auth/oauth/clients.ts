import type { DbOrTx } from "@/server/db/client";
import { hashPassword } from "@/server/auth/password";
import { newSecureToken } from "@/server/auth/secure-token";
import { originOf } from "@/server/auth/client-origins";

// Confidential OAuth clients: made from a shell (scripts/client-create.ts) or by an administrator in
// the console (domain/admin/oauth-clients.ts), with the same rules. The secret is shown once; only its
// argon2id hash is stored.

export const CLIENT_GRANTS = ["client_credentials", "password", "refresh_token"] as const;

export interface ClientFields {
  id: string;
  name: string;
  grants: string[];
  origins: string[];
}

/** What is wrong with the fields, by field ("id", "name", "grants", "origins"); empty when nothing. */
export function clientFieldProblems(f: ClientFields): Record<string, string> {
  const problems: Record<string, string> = {};
  // the id travels in HTTP Basic as "<id>:<secret>", so no colon; kept to URL-safe characters
  if (!/^[A-Za-z0-9._-]{1,64}$/.test(f.id)) problems.id = "must be 1 to 64 letters, digits, '.', '_' or '-'";
  if (!f.name.trim() || f.name.length > 200) problems.name = "is required (at most 200 characters)";
  if (!f.grants.length || f.grants.some((g) => !(CLIENT_GRANTS as readonly string[]).includes(g)))
    problems.grants = `must be a non-empty subset of ${CLIENT_GRANTS.join(",")}`;
  // exactly an origin: no path, query or credentials, so nothing but scheme, host and port is matched
  if (f.origins.some((o) => originOf(o.trim()) !== o.trim().replace(/\/$/, "").toLowerCase()))
    problems.origins = "must be http(s) origins such as https://site.example";
  return problems;
}

/** Stores a new client (fields checked by clientFieldProblems first); its secret, to show once. */
export async function createOAuthClient(db: DbOrTx, f: ClientFields): Promise<string> {
  const secret = newSecureToken();
  const origins = [...new Set(f.origins.map((o) => originOf(o.trim())!))];
  await db.oAuthClient.create({
    data: { id: f.id, name: f.name.trim(), secretHash: await hashPassword(secret), grants: f.grants, origins },
  });
  return secret;
}
