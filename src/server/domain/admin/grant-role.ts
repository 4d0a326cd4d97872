import type { Db } from "@/server/db/client";
import { recordAudit } from "./audit";
import type { Role } from "./staff";

// A user's role (user, moderator, administrator), set by an administrator in the console or from a
// shell (`npm run admin -- grant <userCode> <role>`, scripts/admin.ts); each change is audited.

export const ROLES: Record<string, Role> = { user: "USER", moderator: "MODERATOR", administrator: "ADMINISTRATOR" };

/** Sets `userCode`'s role; the user's code and role before, or null when there is no such user. */
export async function setRole(
  db: Db,
  o: { userCode: string; role: Role; actor: { id: string; userCode: string } | null; reason?: string },
): Promise<{ userCode: string; before: Role } | null> {
  return db.$transaction(async (tx) => {
    const user = await tx.user.findFirst({
      where: { userCode: { equals: o.userCode, mode: "insensitive" } },
      select: { id: true, userCode: true, role: true },
    });
    if (!user) return null;
    if (user.role !== o.role) {
      await tx.user.update({ where: { id: user.id }, data: { role: o.role } });
      await recordAudit(tx, {
        actor: o.actor,
        action: "user.role",
        targetType: "user",
        targetId: user.userCode,
        before: { role: user.role },
        after: { role: o.role },
        reason: o.reason,
      });
    }
    return { userCode: user.userCode, before: user.role };
  });
}
