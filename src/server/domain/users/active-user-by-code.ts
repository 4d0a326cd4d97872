import { z } from "zod";
import { emptyToUndefined } from "@/server/core/schema";
import type { SqlPort } from "@/server/db/sql-runner";

// An active user by exact userCode (the unique index), else case-insensitively (unique that way too).
const OWNER_EXACT = `SELECT "id"::text AS id FROM "User" WHERE "userCode" = $1 AND "status" = 'ACTIVE' LIMIT 1`;
const OWNER_ANY_CASE = `SELECT "id"::text AS id FROM "User" WHERE lower("userCode") = lower($1) AND "status" = 'ACTIVE' LIMIT 1`;

/** The id of the active user a public search's `userCode` filter names, matched as the public user page matches it. */
export async function findActiveUserIdByCode(sql: SqlPort, userCode: string): Promise<string | undefined> {
  const { read } = sql;
  return ((await read<{ id: string }>(OWNER_EXACT, [userCode]))[0] ?? (await read<{ id: string }>(OWNER_ANY_CASE, [userCode]))[0])?.id;
}

/** The `userCode` filter of public searches (supplement §1): trimmed, blank means absent. */
export const userCodeFilter = z.preprocess((v) => emptyToUndefined(typeof v === "string" ? v.trim() : v), z.string().max(100).optional());
