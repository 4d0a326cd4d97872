import { directRead, type Db } from "@/server/db/client";

// An active user by exact userCode (the unique index), else case-insensitively (unique that way too):
// how the public searches' userCode filters name a publisher or seller.
const EXACT = `SELECT "id"::text AS id FROM "User" WHERE "userCode" = $1 AND "status" = 'ACTIVE' LIMIT 1`;
const ANY_CASE = `SELECT "id"::text AS id FROM "User" WHERE lower("userCode") = lower($1) AND "status" = 'ACTIVE' LIMIT 1`;

/** The id of the active user of that userCode (any case), or undefined. */
export async function activeUserIdByCode(db: Db, userCode: string): Promise<string | undefined> {
  const read = directRead(db);
  const user = (await read<{ id: string }>(EXACT, [userCode]))[0] ?? (await read<{ id: string }>(ANY_CASE, [userCode]))[0];
  return user?.id;
}
