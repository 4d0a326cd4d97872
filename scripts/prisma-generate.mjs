// Runs `prisma generate` offline: points Prisma at a failing schema-engine stub (never downloads).
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import path from "node:path";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const result = spawnSync(
  process.execPath,
  [path.join(root, "node_modules/prisma/build/index.js"), ...(args.length ? args : ["generate"])],
  {
    cwd: root,
    stdio: "inherit",
    env: {
      ...process.env,
      PRISMA_SCHEMA_ENGINE_BINARY: path.join(root, "scripts/schema-engine-stub.sh"),
      PRISMA_HIDE_UPDATE_MESSAGE: "1",
      CHECKPOINT_DISABLE: "1",
    },
  },
);
process.exit(result.status ?? 1);
