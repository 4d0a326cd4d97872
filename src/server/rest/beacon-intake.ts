import { getDbAccess } from "@/server/db/client";
import { parseInput } from "@/server/domain/shared/validation";
import { acceptBeacons, beaconBatchInput, flushBeacons } from "@/server/domain/analytics/intake";
import { playSessionKey } from "@/server/auth/play-session";
import { whenStopped } from "@/server/http/lifecycle.mjs";
import { BEACONS_PATH, type BeaconRequest } from "@/server/http/beacon-request.mjs";
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
// time is capped by the clock (docs/analytics.md). Behind the nginx edge, the launcher's beacon
// thread (scripts/beacon-thread.mjs) answers the plain batches itself and hands them over to this.

/** What the launcher sends back. */
export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

async function answerOf(response: Response): Promise<RawAnswer> {
  return { status: response.status, headers: Object.fromEntries(response.headers.entries()), body: await response.text() };
}

export async function takeBeacons(request: BeaconRequest): Promise<RawAnswer> {
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

type LauncherIntake = ((request: BeaconRequest) => Promise<RawAnswer>) & { playSessionKey: Uint8Array };
const slot = globalThis as unknown as { __kinoraBeaconIntake?: LauncherIntake };

/**
 * Hands the intake to the launcher (plain JS, which cannot import the application's TypeScript), with
 * the play sessions' key for its beacon thread (scripts/beacon-thread.mjs). The batches waiting for
 * their write are written at the stop, before the database closes.
 */
export function registerBeaconIntake(): void {
  slot.__kinoraBeaconIntake = Object.assign((request: BeaconRequest) => takeBeacons(request), { playSessionKey: playSessionKey() });
  whenStopped(flushBeacons);
}
