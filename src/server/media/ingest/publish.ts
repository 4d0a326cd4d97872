import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Prisma } from "@/generated/prisma/client";
import type { Db } from "@/server/db/client";
import { MediaError } from "@/server/media/ffmpeg/media-error";
import { boxItemPrefix } from "@/server/media/keys";
import { lockMedia, writeMediaPlaylists } from "./media-playlists";
import type { Storage } from "@/server/media/storage";

// Moving finished outputs into place. Every output was written to the attempt's own temporary
// directory; here it is stored (renamed on local disk), then the database learns about it. If the
// item was deleted meanwhile (its delete may have listed the prefix before this move), whatever this
// job stored is removed again and the job stops: a delete always wins.

export class ItemGoneError extends MediaError {
  constructor() {
    super("cancelled", "The content was deleted during processing.");
  }
}

/** The item being ingested, as publishing needs it. */
export interface IngestTarget {
  boxItemId: string;
  ownerId: string;
}

async function itemExists(db: Db, boxItemId: string): Promise<boolean> {
  return (await db.boxItem.count({ where: { id: boxItemId } })) > 0;
}

/** After storing outputs: throws ItemGoneError (having removed the item's files) when the item is gone. */
export async function assertStillThere(db: Db, storage: Storage, t: IngestTarget): Promise<void> {
  if (await itemExists(db, t.boxItemId)) return;
  await storage.deletePrefix(boxItemPrefix(t.ownerId, t.boxItemId));
  throw new ItemGoneError();
}

/** Runs a database write that references the item; a foreign-key failure because it was deleted becomes ItemGoneError. */
export async function recordFor<T>(db: Db, storage: Storage, t: IngestTarget, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (!(await itemExists(db, t.boxItemId))) {
      await storage.deletePrefix(boxItemPrefix(t.ownerId, t.boxItemId));
      throw new ItemGoneError();
    }
    throw err;
  }
}

/** Stores a local output directory under `prefix` (playlists last), then checks the item still exists. */
export async function publishDirectory(db: Db, storage: Storage, t: IngestTarget, prefix: string, localDir: string): Promise<void> {
  await storage.putDirectory(prefix, localDir, { move: true });
  await assertStillThere(db, storage, t);
}

/** Creates a rendition row; a row that exists already (a retried stage) is left as it is. */
export async function recordRendition(
  db: Db,
  storage: Storage,
  t: IngestTarget,
  data: Omit<Prisma.RenditionCreateManyInput, "boxItemId">,
): Promise<void> {
  await recordFor(db, storage, t, () => db.rendition.createMany({ data: [{ ...data, boxItemId: t.boxItemId }], skipDuplicates: true }));
}

/**
 * Rewrites the item's master playlist from its rows (media-playlists.ts: replaced atomically, a
 * reader gets the old or the new one). While the ladder is incomplete it lists what plays already
 * (the remux and/or the lowest rung); once complete, the ladder rungs only.
 */
export async function writeMasterPlaylist(db: Db, storage: Storage, t: IngestTarget, opts: { ladderOnly: boolean }): Promise<void> {
  await db.$transaction(
    async (tx) => {
      if (await lockMedia(tx, t.boxItemId)) await writeMediaPlaylists(tx, storage, { mediaId: t.boxItemId, ownerId: t.ownerId }, opts);
    },
    { timeout: 30_000 },
  );
  await assertStillThere(db, storage, t);
}

/**
 * Removes the work directories of job attempts under `dir` that no running process owns: all of them
 * for a sole worker (`keep` absent), else those whose owner (a PID of this machine, `ownerOf`) is gone
 * or that are older than `olderThan`.
 */
export async function sweepWorkDirs(dir: string, keep?: { ownerOf(name: string): number | undefined; olderThan: Date }): Promise<number> {
  let removed = 0;
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const entry = path.join(dir, name);
    if (keep) {
      const info = await stat(entry).catch(() => null);
      if (!info) continue;
      const owner = keep.ownerOf(name);
      if (owner !== undefined && isAlive(owner) && info.mtime >= keep.olderThan) continue;
    }
    await rm(entry, { recursive: true, force: true });
    removed++;
  }
  return removed;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}
