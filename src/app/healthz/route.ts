import { getDb } from "@/server/db/client";

export const dynamic = "force-dynamic";

// GET /healthz - liveness and readiness: answers once the database is open and migrated.
export async function GET(): Promise<Response> {
  const db = await getDb();
  await db.$queryRaw`SELECT 1`;
  return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
}
