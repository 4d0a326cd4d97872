import type { DbOrTx } from "@/server/db/client";
import { normalizeUuid } from "@/server/core/uuid";
import { castScheduleChanged } from "@/server/media/cast/output/channel-schedule";

// What staff act on (issue 25): a takedown or a report names a target by its type and the id the
// interface uses for it (a user: its userCode). One table of the kinds, so that takedowns, reports and
// the console read and mark every kind the same way.

export const TARGET_TYPES = ["vod", "bundle", "liveChannel", "castChannel", "user"] as const;
export type TargetType = (typeof TARGET_TYPES)[number];

export interface Target {
  type: TargetType;
  /** The id as the interface names it (a user's exact userCode). */
  id: string;
  /** Its owner, to whom a statement of reasons goes (a user target: the user). */
  ownerId: string;
  /** The takedown in force, if any. */
  takedownId: string | null;
  /** What staff and the owner read: a title or a name. */
  label: string;
}

interface Kind {
  find(db: DbOrTx, id: string): Promise<Omit<Target, "type"> | null>;
  mark(db: DbOrTx, id: string, takedownId: string | null): Promise<unknown>;
  /** What else must learn of it at once (a cast channel's playout, on every node). */
  changed?(db: DbOrTx, id: string): Promise<void>;
}

/** The rows of a kind whose label is its name (bundles and channels), as its Prisma model answers them. */
interface NamedRows {
  findUnique(args: {
    where: { id: string };
    select: { ownerId: true; takedownId: true; name: true };
  }): PromiseLike<{ ownerId: string; takedownId: string | null; name: string } | null>;
  update(args: { where: { id: string }; data: { takedownId: string | null } }): PromiseLike<unknown>;
}

/** A kind found by its uuid and labelled by its name. */
const named = (rows: (db: DbOrTx) => NamedRows): Kind => ({
  async find(db, raw) {
    const id = normalizeUuid(raw);
    const row = id && (await rows(db).findUnique({ where: { id }, select: { ownerId: true, takedownId: true, name: true } }));
    return row ? { id: id!, ownerId: row.ownerId, takedownId: row.takedownId, label: row.name } : null;
  },
  async mark(db, id, takedownId) {
    await rows(db).update({ where: { id }, data: { takedownId } });
  },
});

const KINDS: Record<TargetType, Kind> = {
  vod: {
    async find(db, raw) {
      const id = normalizeUuid(raw);
      const row =
        id &&
        (await db.vodItem.findUnique({ where: { id }, select: { ownerId: true, takedownId: true, boxItem: { select: { title: true } } } }));
      return row ? { id: id!, ownerId: row.ownerId, takedownId: row.takedownId, label: row.boxItem.title } : null;
    },
    mark: (db, id, takedownId) => db.vodItem.update({ where: { id }, data: { takedownId } }),
  },
  bundle: named((db) => db.bundle),
  liveChannel: named((db) => db.liveChannel),
  castChannel: { ...named((db) => db.castChannel), changed: castScheduleChanged },
  user: {
    async find(db, code) {
      const row = await db.user.findFirst({
        where: { userCode: { equals: code, mode: "insensitive" }, status: { not: "DISABLED" } },
        select: { id: true, userCode: true, takedownId: true },
      });
      return row ? { id: row.userCode, ownerId: row.id, takedownId: row.takedownId, label: row.userCode } : null;
    },
    mark: (db, code, takedownId) => db.user.update({ where: { userCode: code }, data: { takedownId } }),
  },
};

/** The target, or undefined when there is none (or the id cannot be one). */
export async function findTarget(db: DbOrTx, type: TargetType, id: string): Promise<Target | undefined> {
  const found = await KINDS[type].find(db, id.trim());
  return found ? { type, ...found } : undefined;
}

/** Names the takedown in force on the target's row (null: none). */
export async function markTarget(db: DbOrTx, target: Target, takedownId: string | null): Promise<void> {
  const kind = KINDS[target.type];
  await kind.mark(db, target.id, takedownId);
  await kind.changed?.(db, target.id);
}
