// The layer rules `npm run lint` applies (.dependency-cruiser.cjs, docs/architecture.md §2): on a
// small tree laid out like src/, an import that climbs a layer and a circle of imports each fail
// with the rule's name; imports that point down pass. The repository's own tree is checked by
// `npm run lint` itself.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";

const repo = path.resolve(__dirname, "../..");
const config = path.join(repo, ".dependency-cruiser.cjs");
const depcruise = path.join(repo, "node_modules/.bin/depcruise");
let dir: string;

/** Writes `files` (path under the tree → source) into a fresh copy of the tree and runs the rules on it. */
async function cruise(files: Record<string, string>): Promise<{ exitCode: number; output: string }> {
  const root = await mkdtemp(path.join(dir, "tree-"));
  await writeFile(path.join(root, "tsconfig.json"), JSON.stringify({ compilerOptions: { baseUrl: ".", paths: { "@/*": ["./src/*"] } } }));
  for (const [file, source] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), source);
  }
  return new Promise((resolve) =>
    execFile(depcruise, ["src", "--config", config, "--output-type", "err"], { cwd: root }, (error, stdout, stderr) =>
      resolve({ exitCode: error ? Number(error.code ?? 1) : 0, output: stdout + stderr }),
    ),
  );
}

before(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "kinora-layers-"));
});
after(async () => {
  await rm(dir, { recursive: true, force: true });
});

const down = {
  "src/server/core/errors.ts": "export class DomainError extends Error {}\n",
  "src/server/db/client.ts": "export const db = {};\n",
  "src/server/domain/vod/get-vod.ts":
    'import { DomainError } from "@/server/core/errors";\nimport { db } from "@/server/db/client";\nexport const getVod = () => [db, DomainError];\n',
  "src/server/rest/routes/vod.ts": 'import { getVod } from "@/server/domain/vod/get-vod";\nexport const routes = [getVod];\n',
};

test("imports that point down pass", async () => {
  const run = await cruise(down);
  assert.equal(run.exitCode, 0, run.output);
});

test("an import that climbs a layer fails, naming the rule", async () => {
  const run = await cruise({
    ...down,
    "src/server/db/seed.ts": 'import { getVod } from "../domain/vod/get-vod";\nexport const seed = getVod;\n',
  });
  assert.notEqual(run.exitCode, 0);
  assert.match(run.output, /db-imports-domain: src\/server\/db\/seed\.ts → src\/server\/domain\/vod\/get-vod\.ts/);
});

test("a service importing a door fails too", async () => {
  const run = await cruise({
    ...down,
    "src/server/auth/token.ts": 'import { routes } from "@/server/rest/routes/vod";\nexport const token = routes;\n',
  });
  assert.notEqual(run.exitCode, 0);
  assert.match(run.output, /services-imports-doors: src\/server\/auth\/token\.ts → src\/server\/rest\/routes\/vod\.ts/);
});

test("a circle of imports within a layer fails", async () => {
  const run = await cruise({
    ...down,
    "src/server/domain/vod/a.ts": 'import { b } from "./b";\nexport const a = () => b;\n',
    "src/server/domain/vod/b.ts": 'import { a } from "./a";\nexport const b = () => a;\n',
  });
  assert.notEqual(run.exitCode, 0);
  assert.match(run.output, /no-circular/);
});

test("a file outside every layer fails", async () => {
  const run = await cruise({
    ...down,
    "src/server/elsewhere/thing.ts": 'import { db } from "@/server/db/client";\nexport const t = db;\n',
  });
  assert.notEqual(run.exitCode, 0);
  assert.match(run.output, /unlayered/);
});
