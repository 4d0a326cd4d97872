import { declareCommitCache } from "@/server/db/commit-cache";
import { columnMap, expr, tableAs, watchedTables } from "@/server/db/column-map";
import type { SqlPort } from "@/server/db/sql-runner";

/** What decides whether a user's token or portal session still counts, read on every authenticated request. */
export interface SessionState {
  active: boolean;
  /** User.sessionVersion: tokens and sessions carrying another version were ended (endSessions). */
  sessionVersion: number;
  /** The login's refresh-token family was revoked (a replayed refresh token): its access tokens end with it. */
  familyRevoked: boolean;
  /** User.language ("en", "it"): the portal speaks it to a signed-in user. */
  language: string;
  /** User.userCode: the request's log line names the user by it (docs/operations.md "Logs"). */
  userCode: string;
}

const u = tableAs("User", "u");
const STATE = columnMap(
  {
    active: expr(`u."status" = 'ACTIVE'`, u.reads("status")),
    version: u.col("sessionVersion"),
    language: u.col("language"),
    userCode: u.col("userCode"),
    revoked: expr(
      `($2::uuid IS NOT NULL AND EXISTS (SELECT 1 FROM "RefreshToken" r WHERE r."familyId" = $2::uuid AND r."revokedAt" IS NOT NULL))`,
      tableAs("RefreshToken", "r").reads("familyId", "revokedAt"),
    ),
  },
  u.reads("id"),
);
// One round trip; on PGlite none while no commit changed the rows it reads (commit-cache.ts).
const SQL = `SELECT ${STATE.select} FROM "User" u WHERE u."id" = $1::uuid`;
const sessionStates = declareCommitCache<SessionState>({ name: "session_state", watch: watchedTables(STATE.reads), maxEntries: 10_000 });

/** The session state of `userId` and its login `familyId` (none for portal sessions); null for an unknown user. */
export async function readSessionState(sql: SqlPort, userId: string, familyId: string | undefined): Promise<SessionState | null> {
  const load = async (): Promise<SessionState | null> => {
    const rows = await sql.read<{ active: boolean; version: number; revoked: boolean; language: string; userCode: string }>(SQL, [
      userId,
      familyId ?? null,
    ]);
    const row = rows[0];
    return row
      ? {
          active: row.active,
          sessionVersion: Number(row.version),
          familyRevoked: row.revoked,
          language: row.language,
          userCode: row.userCode,
        }
      : null;
  };
  return sql.cached(sessionStates, `${userId}/${familyId ?? ""}`, load);
}

/** Whether a token or session issued at `sessionVersion` for that login still counts. */
export const sessionCounts = (state: SessionState | null, sessionVersion: number | undefined): boolean =>
  state !== null && state.active && !state.familyRevoked && state.sessionVersion === sessionVersion;
