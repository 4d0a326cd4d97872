// Creates a confidential OAuth client and prints its secret once (only an argon2id hash is stored):
//   npm run client:create -- --id <client_id> --name <name> [--grants client_credentials,password,refresh_token]
//                            [--origin https://site.example ...]
// Each --origin (repeatable) is a scheme://host[:port] the client's mail links (activationUrl,
// confirmationUrl) may point to; a client without origins cannot have mails with links sent.
// It opens the database the way the server does (DATABASE_URL, else the PGlite directory in DATA_DIR).
// PGlite allows one process only: stop the server before running this against its DATA_DIR.
import { parseArgs } from "node:util";
import { CLIENT_GRANTS, clientFieldProblems, createOAuthClient } from "../src/server/auth/oauth/clients";
import { closeDb, getDb } from "../src/server/db/client";
import { seedReference } from "../src/server/domain/licenses/reference-data";

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
const fields = {
  id: values.id?.trim() ?? "",
  name: values.name?.trim() ?? "",
  grants: values.grants
    ? values.grants
        .split(",")
        .map((g) => g.trim())
        .filter(Boolean)
    : [...CLIENT_GRANTS],
  origins: values.origin ?? [],
};
const problems = clientFieldProblems(fields);
for (const [field, problem] of Object.entries(problems)) fail(`--${field === "origins" ? "origin" : field} ${problem}`);
const { id, name, grants } = fields;

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
    const secret = await createOAuthClient(db, fields);
    const origins = fields.origins.join(", ") || "none";
    console.log(`Created OAuth client "${id}" (${name}), grants: ${grants.join(", ")}, origins: ${origins}`);
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
