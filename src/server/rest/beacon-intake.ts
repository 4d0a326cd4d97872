import { getDbAccess } from "@/server/db/client";
import { parseInput } from "@/server/domain/shared/validation";
import { acceptBeacons, beaconBatchInput } from "@/server/domain/analytics/intake";
import { pickLang } from "@/server/i18n/messages";
import { domainErrorOf } from "./domain-error-of";
import { domainErrorResponse, internalErrorResponse } from "./error-body";
import { parseJsonBody } from "./read-body";

// POST /api/public/analytics/beacons, taken by the launcher before Next (scripts/start.mjs): every
// viewer's player sends a batch every 10 s, the busiest path of a busy instance, and a request through
// Next and the REST dispatch costs some ten times the intake's own work (bench/analytics-intake.ts).
// The same operation as the REST route (rest/routes/analytics.ts, which answers when there is no
// launcher, e.g. next dev), with the same answers: 204, or the REST error body. No token is read and
// no request budget spent: a batch is worth nothing without its signed play session, and its watch
// time is capped by the clock (docs/analytics.md).

export const BEACONS_PATH = "/api/public/analytics/beacons";

/** What the launcher sends back. */
export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The request as the launcher read it: its body, the caller's address as resolved, two headers. */
export interface RawBeaconRequest {
  body: string;
  address: string;
  userAgent: string;
  acceptLanguage?: string;
}

async function answerOf(response: Response): Promise<RawAnswer> {
  return { status: response.status, headers: Object.fromEntries(response.headers.entries()), body: await response.text() };
}

export async function takeBeacons(request: RawBeaconRequest): Promise<RawAnswer> {
  const lang = pickLang(request.acceptLanguage);
  try {
    const input = parseInput(beaconBatchInput, parseJsonBody(request.body));
    const { db, sql } = await getDbAccess();
    await acceptBeacons({ db, sql, actor: { kind: "anonymous" }, address: request.address, userAgent: request.userAgent, lang }, input);
    return { status: 204, headers: {}, body: "" };
  } catch (err) {
    const domainError = domainErrorOf(err);
    if (domainError) return answerOf(domainErrorResponse(domainError, lang, BEACONS_PATH));
    return answerOf(internalErrorResponse(err, lang, BEACONS_PATH, `REST POST ${BEACONS_PATH} failed`));
  }
}

const slot = globalThis as unknown as { __kinoraBeaconIntake?: (request: RawBeaconRequest) => Promise<RawAnswer> };

/** Hands the intake to the launcher (plain JS, which cannot import the application's TypeScript). */
export function registerBeaconIntake(): void {
  slot.__kinoraBeaconIntake = takeBeacons;
}
