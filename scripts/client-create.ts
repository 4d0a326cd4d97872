// Creates a confidential OAuth client and prints its secret once (only an argon2id hash is stored):
//   npm run client:create -- --id <client_id> --name <name> [--grants client_credentials,password,refresh_token]
//                            [--origin https://site.example ...]
// Each --origin (repeatable) is a scheme://host[:port] the client's mail links (activationUrl,
// confirmationUrl) may point to; a client without origins cannot have mails with links sent.
// It opens the database the way the server does (DATABASE_URL, else the PGlite directory in DATA_DIR).
// PGlite allows one process only: stop the server before running this against its DATA_DIR.
import { parseArgs } from "node:util";
import { hashPassword } from "../src/server/auth/password";
import { newSecureToken } from "../src/server/auth/secure-token";
import { closeDb, getDb } from "../src/server/db/client";
import { seedReference } from "../src/server/domain/licenses/reference-data";
import { originOf } from "../src/server/auth/client-origins";

const GRANTS = ["client_credentials", "password", "refresh_token"];

function fail(message: string): never {
  console.error(`client:create: ${message}`);
  console.error(
    "usage: npm run client:create -- --id <client_id> --name <name> [--grants client_credentials,password,refresh_token] [--origin https://site.example ...]",
  );
  process.exit(1);
}

const { values } = parseArgs({
  options: { id: { type: "string" }, name: { type: "string" }, grants: { type: "string" }, origin: { type: "string", multiple: true } },
});
const id = values.id?.trim() ?? "";
const name = values.name?.trim() ?? "";
// the id travels in HTTP Basic as "<id>:<secret>", so no colon; keep it to URL-safe characters
if (!/^[A-Za-z0-9._-]{1,64}$/.test(id)) fail("--id must be 1 to 64 letters, digits, '.', '_' or '-'");
if (!name || name.length > 200) fail("--name is required (at most 200 characters)");
const grants = values.grants
  ? values.grants
      .split(",")
      .map((g) => g.trim())
      .filter(Boolean)
  : GRANTS;
const unknown = grants.filter((g) => !GRANTS.includes(g));
if (!grants.length || unknown.length) fail(`--grants must be a comma-separated subset of ${GRANTS.join(",")}`);
const origins = (values.origin ?? []).map((o) => {
  const origin = originOf(o.trim());
  // exactly an origin: no path, query or credentials, so nothing but scheme, host and port is matched
  if (!origin || origin !== o.trim().replace(/\/$/, "").toLowerCase())
    fail(`--origin must be an http(s) origin such as https://site.example, not "${o}"`);
  return origin;
});

// no top-level await: the package is CommonJS for tsx
async function main(): Promise<void> {
  const db = await getDb();
  await seedReference(db);
  try {
    if (await db.oAuthClient.findUnique({ where: { id }, select: { id: true } })) {
      console.error(`client:create: a client with id "${id}" already exists`);
      process.exitCode = 1;
      return;
    }
    const secret = newSecureToken();
    await db.oAuthClient.create({ data: { id, name, secretHash: await hashPassword(secret), grants, origins: [...new Set(origins)] } });
    console.log(`Created OAuth client "${id}" (${name}), grants: ${grants.join(", ")}, origins: ${origins.join(", ") || "none"}`);
    console.log(`client_secret: ${secret}`);
    console.log("Store the secret now: it is not shown again.");
  } finally {
    await closeDb();
  }
}

main().catch((err: unknown) => {
  console.error("client:create failed:", err instanceof Error ? err.message : err);
  process.exit(1);
});
