export const dynamic = "force-dynamic";

// GET /healthz - liveness: the process answers. No database call (readiness is /readyz): a database
// outage must not make an orchestrator restart every instance.
export function GET(): Response {
  return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
}
