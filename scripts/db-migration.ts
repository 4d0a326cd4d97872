// Creates a Prisma migration offline: `npx tsx scripts/db-migration.ts <name>` (npm run db:migration -- <name>).
// `--check` writes nothing and exits 1 when prisma/schema.prisma and prisma/migrations disagree (CI).
//
// Prisma's CLI needs a native schema engine that cannot be downloaded here, so this drives the
// wasm schema engine (@prisma/schema-engine-wasm) through a driver adapter on throwaway in-memory
// PGlite databases, the way `prisma migrate dev` would: apply the history to the (throwaway) dev
// database, let devDiagnostic replay it on a "shadow" database, then createMigration diffs that
// against the schema. createMigration itself has no shadow database in the wasm engine: it reuses
// the history schema devDiagnostic cached, which devDiagnostic only computes for the migrations
// applied on the dev database; hence applyMigrations first (without it, any migration after the
// first fails with "PostgreSQL shadow DB must be provided through an external factory").
// Hand-written SQL in migrations (CREATE EXTENSION, expression indexes) is replayed too; Prisma
// ignores extensions (no postgresqlExtensions preview feature) and expression indexes when diffing.
import { readFile, readdir, writeFile, mkdir } from "node:fs/promises";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { PrismaPGlite } from "pglite-prisma-adapter";
import {
  bindMigrationAwareSqlAdapterFactory,
  type SqlDriverAdapter,
  type SqlMigrationAwareDriverAdapterFactory,
} from "@prisma/driver-adapter-utils";
import * as engineBindings from "@prisma/schema-engine-wasm/schema_engine_bg";
import type { MigrationList, SchemaFilter } from "@prisma/schema-engine-wasm/schema_engine_bg";
import { applyMigrations } from "../src/server/db/migrate";
import { pgliteRunner } from "../src/server/db/sql-runner";

const root = path.resolve(process.cwd());
const schemaPath = path.join(root, "prisma/schema.prisma");
const migrationsDir = path.join(root, "prisma/migrations");
const lockfileName = "migration_lock.toml";
const filters: SchemaFilter = { externalTables: [], externalEnums: [] };

// Node 20 cannot import the package's `.wasm` ESM entry, so instantiate the module by hand and
// hand its exports to the wasm-bindgen glue (what schema_engine.js would do).
async function loadSchemaEngine(): Promise<typeof engineBindings.SchemaEngine> {
  const glue = createRequire(path.join(root, "package.json")).resolve("@prisma/schema-engine-wasm/schema_engine_bg");
  const bytes = await readFile(path.join(path.dirname(glue), "schema_engine_bg.wasm"));
  const instance = new WebAssembly.Instance(new WebAssembly.Module(bytes), {
    "./schema_engine_bg.js": engineBindings as unknown as WebAssembly.ModuleImports,
  });
  engineBindings.__wbg_set_wasm(instance.exports);
  (instance.exports.__wbindgen_start as () => void)();
  return engineBindings.SchemaEngine;
}

// A fresh in-memory PGlite with pg_trgm available (migrations run CREATE EXTENSION pg_trgm).
function newDatabase(): Promise<PGlite> {
  return PGlite.create({ extensions: { pg_trgm } });
}

// pglite-prisma-adapter 0.7.2's executeScript neither awaits nor reports errors (a broken migration
// would be silently half-applied on the shadow database): replace it with one that does.
async function connect(db: PGlite): Promise<SqlDriverAdapter> {
  const adapter = await new PrismaPGlite(db).connect();
  const onError = (adapter as unknown as { onError(e: unknown): never }).onError.bind(adapter);
  adapter.executeScript = async (script: string) => {
    try {
      await db.exec(script);
    } catch (e) {
      onError(e); // rethrows as a DriverAdapterError the engine understands
    }
  };
  return adapter;
}

// The adapter's own shadow database lacks pg_trgm and is never closed, so provide ours.
function adapterFactory(main: PGlite, shadows: PGlite[]): SqlMigrationAwareDriverAdapterFactory {
  const base = new PrismaPGlite(main);
  return {
    provider: base.provider,
    adapterName: base.adapterName,
    connect: () => connect(main),
    connectToShadowDb: async () => {
      const shadow = await newDatabase();
      shadows.push(shadow);
      return connect(shadow);
    },
  };
}

// Same shape as the CLI's migrations list; `path` is the directory name only.
async function readMigrations(): Promise<MigrationList> {
  const lockContent = await readFile(path.join(migrationsDir, lockfileName), "utf8").catch(() => null);
  const entries = await readdir(migrationsDir, { withFileTypes: true }).catch(() => []);
  const dirs = entries.filter((e) => e.isDirectory()).map((e) => e.name);
  dirs.sort((a, b) => a.localeCompare(b)); // the CLI's order
  const migrationDirectories = await Promise.all(
    dirs.map(async (dir) => ({
      path: dir,
      migrationFile: {
        path: "migration.sql",
        content: await readFile(path.join(migrationsDir, dir, "migration.sql"), "utf8").then(
          (value) => ({ tag: "ok" as const, value }),
          (e: Error) => ({ tag: "error" as const, value: e.message }),
        ),
      },
    })),
  );
  return { baseDir: migrationsDir, lockfile: { path: lockfileName, content: lockContent }, shadowDbInitScript: "", migrationDirectories };
}

function slug(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 200);
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const check = args.includes("--check");
  const name = slug(args.filter((a) => !a.startsWith("--")).join("_"));
  if (!check && !name) {
    console.error("usage: npm run db:migration -- <name>   |   npm run db:check");
    return 2;
  }

  const schema = await readFile(schemaPath, "utf8");
  const migrationsList = await readMigrations();
  const SchemaEngine = await loadSchemaEngine();
  const main = await newDatabase();
  const shadows: PGlite[] = [];
  const logs: string[] = [];
  try {
    if (migrationsList.migrationDirectories.length) await applyMigrations(pgliteRunner(main), migrationsDir);
    const engine = await SchemaEngine.new(
      { datamodels: [[schemaPath, schema]] },
      (log: string) => logs.push(log),
      bindMigrationAwareSqlAdapterFactory(adapterFactory(main, shadows)),
    );
    // The CLI runs devDiagnostic before createMigration on the same engine; the engine relies on it.
    const diagnostic = await engine.devDiagnostic({ migrationsList, filters });
    if (diagnostic.action.tag === "reset") throw new Error(`schema engine asks for a reset: ${diagnostic.action.reason}`);
    const created = await engine.createMigration({
      draft: false,
      migrationName: name || "check",
      migrationsList,
      schema: { files: [{ path: schemaPath, content: schema }] },
      filters,
    });
    const script = created.migrationScript;

    if (check) {
      if (script === null) {
        console.log("schema and migrations agree: no drift");
        return 0;
      }
      console.error("prisma/schema.prisma differs from prisma/migrations. Missing SQL:\n");
      console.error(script);
      console.error("Run `npm run db:migration -- <name>` to create the migration.");
      return 1;
    }
    if (script === null) {
      console.log("no changes");
      return 0;
    }
    const dir = path.join(migrationsDir, created.generatedMigrationName);
    if (existsSync(dir)) throw new Error(`migration directory already exists: ${dir}`);
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, `migration.${created.extension}`), script, "utf8");
    if (migrationsList.lockfile.content === null) {
      await writeFile(
        path.join(migrationsDir, lockfileName),
        `# Please do not edit this file manually\n# It should be added in your version-control system (e.g., Git)\nprovider = "${created.connectorType}"\n`,
        "utf8",
      );
    }
    console.log(`wrote ${path.relative(root, dir)}/migration.${created.extension}`);
    return 0;
  } catch (e) {
    if (logs.length) console.error(logs.join("\n"));
    throw e;
  } finally {
    await Promise.all([main, ...shadows].map((db) => db.close().catch(() => undefined)));
  }
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
