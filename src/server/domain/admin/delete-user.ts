import { z } from "zod";
import { deleteAnalyticsOf } from "@/server/domain/analytics/rollup";
import { zText } from "@/server/core/schema";
import type { Ctx } from "@/server/core/context";
import { DomainError, invalidField, notFound } from "@/server/core/errors";
import type { Prisma } from "@/generated/prisma/client";
import type { Db } from "@/server/db/client";
import { abortLocalJobsOf, enqueueJob, wakeLocalWorkers } from "@/server/jobs/queue";
import type { JobPayloads } from "@/server/jobs/kinds";
import { queueMail } from "@/server/mail/queue-mail";
import { castScheduleChanged } from "@/server/media/cast/output/channel-schedule";
import { boxItemPrefix, ownerPrefixes, uploadTempKey } from "@/server/media/keys";
import { removeLiveHome } from "@/server/media/live/live-dirs";
import { getStorage } from "@/server/media/storage";
import { recordAudit } from "./audit";
import { accountDeletedMail } from "./moderation-mails";
import { closeReportsOf } from "./reports";
import { effectiveRole, requireStaff, type StaffMember } from "./staff";
import { TARGET_TYPES, type TargetType } from "./takedown-targets";

// DELETE /api/admin/users/{userCode}?reason= (issue 25 item 2: "delete with all their data after
// confirmation"; the console asks for the user code typed again). Administrators only, never
// themselves nor another administrator (demote first). In one transaction: the account and
// everything it owns (box items, vods, bundles, marketplace listings, licenses acquired, live
// channels with their events and sessions, cast channels and streams, thumbnails, tokens,
// subscriptions) go; the open reports of the account and its contents close as "removed"; the
// owner is told by mail; the audit records it. Its files then go by a durable job (users.files),
// so a crash between the two loses nothing: the job runs again.
// What stays, on purpose: the payments and the ledger (accounting: the buyer of a payment becomes
// nobody, its seller a bare id); the licenses other creators acquired of its contents, under their
// terms (the files of such an upload stay while a licensee's copy shows them; a per-view part of a
// later sale is paid to nobody); the takedowns and the audit (their records name the user code).

export const deleteUserInput = z.object({
  userCode: z.string().max(100),
  reason: zText(2000).optional(),
  /** The user code typed again (the console sends it): when given, it must be the account's. */
  confirmUserCode: z.string().max(100).optional(),
});

export interface DeletedUser {
  userCode: string;
  boxItems: number;
  vods: number;
  bundles: number;
  liveChannels: number;
  castChannels: number;
}

type Tx = Prisma.TransactionClient;
type Removal = Omit<JobPayloads["users.files"], "ownerId">;

/** What the account owns that is not deleted by the cascade of its row, or whose files go afterwards. */
async function ownedBy(tx: Tx, ownerId: string) {
  const [boxItems, vods, bundles, liveChannels, castStreams, castChannels] = await Promise.all([
    tx.boxItem.findMany({ where: { ownerId }, select: { id: true, mediaId: true, status: true } }),
    tx.vodItem.findMany({ where: { ownerId }, select: { id: true } }),
    tx.bundle.findMany({ where: { ownerId }, select: { id: true } }),
    tx.liveChannel.findMany({ where: { ownerId }, select: { id: true, streamPath: true } }),
    tx.castStream.findMany({ where: { ownerId }, select: { id: true, streamPath: true } }),
    tx.castChannel.findMany({ where: { ownerId }, select: { id: true } }),
  ]);
  const [open, publishers] = await Promise.all([
    tx.liveSession.findMany({ where: { ownerId, openChannelId: { not: null } }, select: { channelId: true } }),
    tx.castPublish.findMany({
      where: { streamId: { in: castStreams.map((s) => s.id) }, since: { not: null } },
      select: { streamId: true },
    }),
  ]);
  const live = new Set(open.map((s) => s.channelId));
  const cast = new Set(publishers.map((p) => p.streamId));
  const liveHomes: Removal["liveHomes"] = [
    ...liveChannels.map((c) => ({ kind: "live" as const, homeId: c.id, streamPath: c.streamPath, publishing: live.has(c.id) })),
    ...castStreams.map((s) => ({ kind: "cast" as const, homeId: s.id, streamPath: s.streamPath, publishing: cast.has(s.id) })),
  ];
  return { boxItems, vods, bundles, liveChannels, castStreams, castChannels, liveHomes };
}

type Owned = Awaited<ReturnType<typeof ownedBy>>;

/** The open reports of the account and of each of its contents close: their target is gone. */
async function closeReports(tx: Tx, staff: StaffMember, userCode: string, owned: Owned): Promise<void> {
  const ids: Record<TargetType, string[]> = {
    user: [userCode],
    vod: owned.vods.map((v) => v.id),
    bundle: owned.bundles.map((b) => b.id),
    liveChannel: owned.liveChannels.map((c) => c.id),
    castChannel: owned.castChannels.map((c) => c.id),
  };
  // one read finds the targets reported (most have none), then each closes as a takedown's would
  const reported = await tx.report.findMany({
    where: { closedAt: null, OR: TARGET_TYPES.map((type) => ({ targetType: type, targetId: { in: ids[type] } })) },
    select: { targetType: true, targetId: true },
    distinct: ["targetType", "targetId"],
  });
  for (const r of reported) await closeReportsOf(tx, staff, { type: r.targetType as TargetType, id: r.targetId }, "removed");
}

export async function deleteUser(ctx: Ctx, input: z.output<typeof deleteUserInput>): Promise<DeletedUser> {
  const staff = await requireStaff(ctx, "ADMINISTRATOR");
  const user = await ctx.db.user.findFirst({
    where: { userCode: { equals: input.userCode, mode: "insensitive" } },
    select: { id: true, userCode: true, email: true, language: true, role: true, status: true, storageUsedBytes: true },
  });
  if (!user) throw notFound("error.userNotFound");
  if (input.confirmUserCode !== undefined && input.confirmUserCode.trim().toLowerCase() !== user.userCode.toLowerCase())
    throw invalidField("confirmUserCode", "field.confirmUserCode");
  if (user.id === staff.id) throw new DomainError("CONFLICT", "error.deleteSelf");
  if (effectiveRole(user) === "ADMINISTRATOR") throw new DomainError("FORBIDDEN", "error.deleteAdministrator");
  const ownerId = user.id;

  const deleted = await ctx.db.$transaction(
    async (tx) => {
      // one deletion at a time; a second one finds no user
      const locked = await tx.$queryRaw<{ id: string }[]>`SELECT "id"::text AS "id" FROM "User" WHERE "id" = ${ownerId}::uuid FOR UPDATE`;
      if (locked.length === 0) return null;
      const owned = await ownedBy(tx, ownerId);
      await closeReports(tx, staff, user.userCode, owned);
      // rows the cascade of the user's row does not reach (no relation to it), or that refuse it (RESTRICT)
      await tx.liveEvent.deleteMany({ where: { channel: { ownerId } } });
      await tx.liveSession.deleteMany({ where: { ownerId } });
      await tx.castPublish.deleteMany({ where: { streamId: { in: owned.castStreams.map((s) => s.id) } } });
      await tx.takedown.updateMany({ where: { ownerId }, data: { ownerId: null } });
      await tx.report.updateMany({ where: { reporterId: ownerId }, data: { reporterId: null, email: null } });
      await tx.invitation.updateMany({ where: { usedById: ownerId }, data: { usedById: null } });
      await deleteAnalyticsOf(tx, ownerId);
      await tx.user.delete({ where: { id: ownerId } });
      // the stored media no box item shows any more (the database counted the deleted ones out)
      const mediaIds = [...new Set(owned.boxItems.map((b) => b.mediaId ?? b.id))];
      const media = await tx.$queryRaw<{ id: string; ownerId: string }[]>`
        DELETE FROM "StoredMedia" WHERE "id" = ANY(${mediaIds}::uuid[]) AND "refCount" <= 0
        RETURNING "id"::text AS "id", "ownerId"::text AS "ownerId"`;
      // an upload still processing may have its file not yet moved into place
      const uploads = owned.boxItems.filter((b) => b.status === "PROCESSING").map((b) => b.id);
      await enqueueJob(tx, "users.files", { ownerId, media, uploads, liveHomes: owned.liveHomes });
      for (const c of owned.castChannels) await castScheduleChanged(tx, c.id); // off air on every node
      const counts: DeletedUser = {
        userCode: user.userCode,
        boxItems: owned.boxItems.length,
        vods: owned.vods.length,
        bundles: owned.bundles.length,
        liveChannels: owned.liveChannels.length,
        castChannels: owned.castChannels.length,
      };
      await recordAudit(tx, {
        actor: staff,
        action: "user.delete",
        targetType: "user",
        targetId: user.userCode,
        before: { status: user.status, role: user.role, storageUsedBytes: Number(user.storageUsedBytes), ...counts },
        reason: input.reason,
      });
      await queueMail(tx, accountDeletedMail(user.email, user.language, user.userCode, input.reason));
      return { counts, boxIds: owned.boxItems.map((b) => b.id) };
    },
    { timeout: 120_000 },
  );
  if (!deleted) throw notFound("error.userNotFound");
  for (const id of deleted.boxIds) abortLocalJobsOf(id); // their ingest jobs went with them
  wakeLocalWorkers();
  return deleted.counts;
}

/**
 * The users.files job: removes a deleted account's files, in storage and on every node's disk. Each
 * step is idempotent, so a retry after a crash finishes what the first attempt began.
 */
export async function removeDeletedUserFiles(db: Db, p: JobPayloads["users.files"]): Promise<void> {
  const storage = await getStorage();
  for (const m of p.media) await storage.deletePrefix(boxItemPrefix(m.ownerId, m.id));
  for (const id of p.uploads) await storage.delete(uploadTempKey(id));
  for (const prefix of ownerPrefixes(p.ownerId)) await storage.deletePrefix(prefix);
  for (const home of p.liveHomes) await removeLiveHome(db, { ...home, ownerId: p.ownerId });
}
