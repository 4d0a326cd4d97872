// Staff roles from a shell (README "Administration"):
//   npm run admin -- grant <userCode> <user|moderator|administrator>
// Audited as done by "shell". On PostgreSQL (DATABASE_URL) it works beside the running instance; the
// embedded database (PGlite) belongs to the one process that has it open: stop the instance first, or
// name the first administrator in ADMIN_USERS instead.
import { closeDb, getDb } from "../src/server/db/client";
import { refuseWhilePgliteHeld } from "./pglite-guard";
import { ROLES, setRole } from "../src/server/domain/admin/grant-role";

const USAGE = "usage: npm run admin -- grant <userCode> <user|moderator|administrator>";

function fail(message: string): never {
  console.error(`admin: ${message}`);
  console.error(USAGE);
  process.exit(2);
}

const [command, userCode, roleName, ...extra] = process.argv.slice(2);
if (command !== "grant") fail(command ? `unknown command ${command}` : "a command is needed");
if (!userCode || !roleName || extra.length) fail("grant takes a user code and a role");
const role = ROLES[roleName.toLowerCase()] ?? fail(`no role ${roleName}`);

// no top-level await: the package is CommonJS for tsx
async function main(): Promise<void> {
  refuseWhilePgliteHeld("admin", "stop it first, or name the user in ADMIN_USERS (on PostgreSQL this works while the instance runs).");
  const db = await getDb();
  try {
    const done = await setRole(db, { userCode: userCode!, role, actor: null });
    if (!done) {
      console.error(`admin: no user ${userCode}`);
      process.exitCode = 1;
    } else console.log(`${done.userCode}: ${done.before.toLowerCase()} -> ${roleName!.toLowerCase()}`);
  } finally {
    await closeDb();
  }
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
