// GET /bench/fail - fails with a 500 (an uncaught error in a route handler), for the metrics test
// (test/contract/metrics.test.ts). GET /bench/fail?as=rest fails the way an unexpected error of the
// REST interface does (src/server/rest/error-body.ts internalErrorResponse: logged once with its
// stack, the error body carrying the request id), for the logging test (test/contract/logs.test.ts).
// Answers only when the server runs with KINORA_BENCH=1; otherwise 404.
import { internalErrorResponse } from "@/server/rest/error-body";

export const dynamic = "force-dynamic";

export function GET(request: Request): Response {
  if (process.env.KINORA_BENCH !== "1") return new Response(null, { status: 404 });
  const error = new Error("a failure asked for by /bench/fail");
  if (new URL(request.url).searchParams.get("as") === "rest") return internalErrorResponse(error, "en", "/bench/fail", "bench failure");
  throw error;
}
