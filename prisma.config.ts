import { defineConfig } from "prisma/config";

// Migrations are applied by src/server/db/migrate.ts (Prisma's CLI engine cannot run offline here).
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
});
