import { createHash, randomBytes } from "node:crypto";
import type { Db } from "@/server/db/client";

// How the audience analytics tell viewers apart without storing who they are (issue 28,
// docs/analytics.md): a hash of the UTC day's salt, the address and the user agent. The salt is
// random, made by the first node that needs it (the others read the same row), and deleted the day
// after its own: from then on a hash can be linked to no address, and never to the same viewer on
// another day.

const DAY_MS = 86_400_000;
const salts = new Map<string, Promise<string>>();

/** The UTC day of `at`, as YYYY-MM-DD. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/** The salt of `day` (YYYY-MM-DD): read, or made once for every node (the first insert wins). */
function saltOf(db: Db, day: string): Promise<string> {
  let salt = salts.get(day);
  if (!salt) {
    salt = (async () => {
      const date = new Date(`${day}T00:00:00Z`);
      await db.analyticsSalt.createMany({ data: [{ day: date, salt: randomBytes(32).toString("base64url") }], skipDuplicates: true });
      return (await db.analyticsSalt.findUniqueOrThrow({ where: { day: date } })).salt;
    })();
    salt.catch(() => salts.delete(day)); // a failure is not remembered: the next call tries again
    salts.set(day, salt);
    forgetBefore(dayBefore(day)); // a new day: what this process keeps of the day before yesterday goes
  }
  return salt;
}

const dayBefore = (day: string): string => utcDay(new Date(Date.parse(`${day}T00:00:00Z`) - DAY_MS));

function forgetBefore(day: string): void {
  for (const known of salts.keys()) if (known < day) salts.delete(known);
}

/** The viewer of a beacon at `at`: 32 hex characters, the same for one address and user agent all that UTC day. */
export async function viewerHash(db: Db, address: string, userAgent: string, at = new Date()): Promise<string> {
  const salt = await saltOf(db, utcDay(at));
  return createHash("sha256").update(salt).update("\0").update(address).update("\0").update(userAgent).digest("hex").slice(0, 32);
}

/** The sweep: salts older than yesterday go (a beacon of yesterday's session may still arrive today). */
export async function deleteOldSalts(db: Db, now = new Date()): Promise<number> {
  const yesterday = dayBefore(utcDay(now));
  const { count } = await db.analyticsSalt.deleteMany({ where: { day: { lt: new Date(`${yesterday}T00:00:00Z`) } } });
  forgetBefore(yesterday);
  return count;
}
