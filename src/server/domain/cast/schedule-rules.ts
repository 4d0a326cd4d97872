import { DomainError } from "@/server/core/errors";
import type { MessageId } from "@/server/i18n/messages";
import { scheduleRuleBreaks, type PlannedDays } from "@/lib/cast-schedule-rules";

// The six scheduling rules of the interface (lib/cast-schedule-rules.ts), checked on the whole result
// of a write (save, insert, move, copy) before anything is written: the first broken rule is a 409
// saying it in plain words (no rule numbers: i18n/messages.ts) and naming the programs involved
// (their position in their day, title and start).

export const ruleBroken = (rule: number, messageId: MessageId, programs: string[]) =>
  new DomainError("CONFLICT", messageId, { rule, programs: programs.join(", ") });

/** Throws the 409 of the first rule the planned days break; returns when they keep all six. */
export function checkScheduleRules(plan: PlannedDays): void {
  const [first] = scheduleRuleBreaks(plan);
  if (first)
    throw ruleBroken(
      first.rule,
      first.messageId,
      first.programs.map((p) => p.name),
    );
}
