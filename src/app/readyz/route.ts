import { readiness } from "@/server/workers/readiness";

export const dynamic = "force-dynamic";

// GET /readyz - readiness: 200 when this instance can serve (database, migrations, storage), else 503
// naming the failed checks; 503 at once when the process is stopping. docs/operations.md "Health checks".
export async function GET(): Promise<Response> {
  const report = await readiness();
  return Response.json(report, { status: report.status === "ok" ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}
