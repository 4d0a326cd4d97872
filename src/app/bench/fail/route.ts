// GET /bench/fail - fails with a 500 (an uncaught error in a route handler), for the metrics test
// (test/contract/metrics.test.ts). Answers only when the server runs with KINORA_BENCH=1; otherwise 404.
export const dynamic = "force-dynamic";

export function GET(): Response {
  if (process.env.KINORA_BENCH !== "1") return new Response(null, { status: 404 });
  throw new Error("a failure asked for by /bench/fail");
}
