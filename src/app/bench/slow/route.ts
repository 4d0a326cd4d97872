// GET /bench/slow?ms=N - answers after N ms (at most 30 s): a request in flight for the stop test
// (test/contract/stop.test.ts). Answers only when the server runs with KINORA_BENCH=1; otherwise 404.
export const dynamic = "force-dynamic";

export async function GET(request: Request): Promise<Response> {
  if (process.env.KINORA_BENCH !== "1") return new Response(null, { status: 404 });
  const ms = Math.min(30_000, Math.max(0, Number(new URL(request.url).searchParams.get("ms")) || 0));
  await new Promise((resolve) => setTimeout(resolve, ms));
  return Response.json({ waitedMs: ms, body: "x".repeat(100_000) });
}
