import { invalidField } from "@/server/domain/errors";
import { todayUtc } from "./vod-item-view";

/**
 * An expiration date as stored (a UTC day), refusing a day already past: publishing something
 * already expired is a mistake. `current` (update) is the stored one: posting it back unchanged is
 * accepted even once it is past (clients post back what they read).
 */
export function expirationDateIn(iso: string | undefined, current?: Date): Date | null {
  if (iso === undefined) return null;
  if (current && todayUtc(current) === iso) return current;
  if (iso < todayUtc()) throw invalidField("expirationDate", "field.dateNotPast");
  return new Date(`${iso}T00:00:00Z`);
}
