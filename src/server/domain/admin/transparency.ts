import { z } from "zod";
import type { Ctx } from "@/server/core/context";

// The transparency figures (issue 25 item 7): per month, the notices (reports) received by reason, the
// actions taken (takedowns by kind of target, suspensions, accounts deleted), the median time from a notice to its
// decision, the appeals and how many reversed a takedown. Public: anyone reads them at /transparency.

export const transparencyInput = z.object({ months: z.coerce.number().int().min(1).max(36).default(12) });

export interface TransparencyPeriod {
  /** The month, "YYYY-MM" (UTC). */
  period: string;
  notices: number;
  noticesByReason: Record<string, number>;
  takedowns: number;
  takedownsByType: Record<string, number>;
  suspensions: number;
  deletions: number;
  /** Of the notices decided in the period: the median hours from the notice to its decision; null without any. */
  medianHoursToAction: number | null;
  appeals: number;
  reversals: number;
}

interface CountRow {
  period: string;
  key: string;
  n: number;
}

/** The last `months` months, newest first, every month listed (zeros too). */
export async function transparencyReport(ctx: Ctx, input: z.output<typeof transparencyInput>): Promise<TransparencyPeriod[]> {
  const now = new Date();
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (input.months - 1), 1));
  const month = (column: string) => `to_char(date_trunc('month', ${column}), 'YYYY-MM')`;
  const read = (sql: string) => ctx.db.$queryRawUnsafe<CountRow[]>(sql, from);
  const staffActions = (action: string) =>
    read(
      `SELECT ${month(`"at"`)} AS period, '' AS key, count(*)::int AS n FROM "AuditEntry" WHERE "action" = '${action}' AND "at" >= $1 GROUP BY 1`,
    );
  const [reasons, types, suspensions, deletions, appeals, reversals, medians] = await Promise.all([
    read(
      `SELECT ${month(`"createdAt"`)} AS period, "reason" AS key, count(*)::int AS n FROM "Report" WHERE "createdAt" >= $1 GROUP BY 1, 2`,
    ),
    read(
      `SELECT ${month(`"createdAt"`)} AS period, "targetType" AS key, count(*)::int AS n FROM "Takedown" WHERE "createdAt" >= $1 GROUP BY 1, 2`,
    ),
    staffActions("user.suspend"),
    staffActions("user.delete"),
    read(`SELECT ${month(`"appealedAt"`)} AS period, '' AS key, count(*)::int AS n FROM "Takedown" WHERE "appealedAt" >= $1 GROUP BY 1`),
    read(
      `SELECT ${month(`"appealDecidedAt"`)} AS period, '' AS key, count(*)::int AS n FROM "Takedown" WHERE "appealOutcome" = 'reversed' AND "appealDecidedAt" >= $1 GROUP BY 1`,
    ),
    ctx.db.$queryRawUnsafe<{ period: string; hours: number | null }[]>(
      `SELECT ${month(`"closedAt"`)} AS period,
              (percentile_cont(0.5) WITHIN GROUP (ORDER BY EXTRACT(EPOCH FROM "closedAt" - "createdAt")) / 3600)::float8 AS hours
         FROM "Report" WHERE "closedAt" >= $1 GROUP BY 1`,
      from,
    ),
  ]);
  const periods: TransparencyPeriod[] = [];
  for (let i = 0; i < input.months; i++) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1));
    const period = d.toISOString().slice(0, 7);
    const of = (rows: CountRow[]) => rows.filter((r) => r.period === period);
    const byKey = (rows: CountRow[]) => Object.fromEntries(of(rows).map((r) => [r.key, r.n]));
    const total = (rows: CountRow[]) => of(rows).reduce((sum, r) => sum + r.n, 0);
    const median = medians.find((m) => m.period === period)?.hours;
    periods.push({
      period,
      notices: total(reasons),
      noticesByReason: byKey(reasons),
      takedowns: total(types),
      takedownsByType: byKey(types),
      suspensions: total(suspensions),
      deletions: total(deletions),
      medianHoursToAction: median === undefined || median === null ? null : Math.round(median * 10) / 10,
      appeals: total(appeals),
      reversals: total(reversals),
    });
  }
  return periods;
}
