import type { Prisma } from "@/generated/prisma/client";
import type { DbOrTx } from "@/server/db/client";

// Instance settings staff change at run time (InstanceSetting rows; issue 25): read where they apply,
// so every node sees a change at its next read. Each setting has its default here.

const DEFAULTS = {
  /** Who may register: open (anyone), approval (a moderator approves), closed, invite (an invitation code). */
  registration: "open" as "open" | "approval" | "closed" | "invite",
};
export type Settings = typeof DEFAULTS;

export async function readSetting<K extends keyof Settings>(db: DbOrTx, key: K): Promise<Settings[K]> {
  const row = await db.instanceSetting.findUnique({ where: { key } });
  return row ? (row.value as Settings[K]) : DEFAULTS[key];
}

export async function writeSetting<K extends keyof Settings>(db: DbOrTx, key: K, value: Settings[K]): Promise<void> {
  const json = value as Prisma.InputJsonValue;
  await db.instanceSetting.upsert({ where: { key }, create: { key, value: json }, update: { value: json } });
}
