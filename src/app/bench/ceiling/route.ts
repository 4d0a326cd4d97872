// GET /bench/ceiling - constant JSON, the baseline of bench/rest-overhead.ts: what a bare Next route
// handler costs on this server, so REST endpoints are reported as a share of it. Answers only when
// the server runs with KINORA_BENCH=1; otherwise 404, so it is no public placeholder.
export const dynamic = "force-dynamic";

export function GET(): Response {
  if (process.env.KINORA_BENCH !== "1") return new Response(null, { status: 404 });
  return Response.json({ status: "ok" });
}
