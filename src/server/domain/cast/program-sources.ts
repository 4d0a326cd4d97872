import type { Prisma } from "@/generated/prisma/client";
import type { MarketLicenseType } from "@/generated/prisma/enums";
import { DomainError, invalidField } from "@/server/core/errors";
import { mayBroadcast } from "@/server/domain/marketplace/acquired-use";
import { normalizeUuid } from "@/server/core/uuid";
import type { MessageId } from "@/server/i18n/messages";
import { SECOND } from "@/lib/cast-schedule-rules";
import type { TimedProgram } from "@/lib/cast-schedule-rules";

/** A program to write: what the rules check, and its descriptive fields. */
export interface PlannedProgram extends TimedProgram {
  /** Kept when the program existed (insert, move, a save that names it). */
  programId?: string;
  /** Absent: the played content's title, the stream's name, or "Break". */
  title: string;
  description?: string;
  tags: string[];
  thumbnailId?: string;
  /** PRERECORDED: seconds into the content where playing starts. */
  offsetSeconds: number;
}

/** What a program plays, as read once for all the programs of a write. */
interface SourceRow {
  id: string;
  kind: "box" | "stream";
  title: string;
  status: string | null;
  durationSeconds: number | null;
  licenseType: MarketLicenseType | null;
  expiresAt: Date | null;
}

const refused = (messageId: MessageId, p: TimedProgram, index: number) =>
  new DomainError("CONFLICT", messageId, { programs: `#${index + 1} "${p.title || p.itemType}"` });

/**
 * Checks what each program plays, for all of them in one statement: a PRERECORDED one a READY box
 * item of the owner's (an acquired one under a license that allows broadcasting, not ended), from
 * `offsetSeconds` (inside the content), cut shorter than what is left of the content but never
 * longer (less than one second over is accepted: clients compute ends from the "m:ss" duration); a
 * LIVE one a cast stream of the owner's. A 409 names the first program that fails. Fills a missing
 * title from the content or the stream. In the same statement: a thumbnailId that is not one of the
 * owner's thumbnails is a 400 on it.
 */
export async function checkSources(tx: Prisma.TransactionClient, ownerId: string, programs: PlannedProgram[]): Promise<void> {
  const ids = [...new Set(programs.flatMap((p) => (p.itemType !== "BREAK" && normalizeUuid(p.sourceId)) || []))];
  const thumbnails = [...new Set(programs.flatMap((p) => p.thumbnailId ?? []))];
  const rows =
    ids.length || thumbnails.length
      ? await tx.$queryRaw<SourceRow[]>`SELECT b."id"::text AS id, 'box' AS kind, b."title", b."status"::text AS status,
          b."durationSeconds", l."licenseType", l."expiresAt"
        FROM "BoxItem" b LEFT JOIN "AcquiredLicense" l ON l."id" = b."acquiredLicenseId"
        WHERE b."id" = ANY(${ids}::uuid[]) AND b."ownerId" = ${ownerId}::uuid
      UNION ALL SELECT s."id"::text, 'stream', s."name", NULL, NULL, NULL, NULL
        FROM "CastStream" s WHERE s."id" = ANY(${ids}::uuid[]) AND s."ownerId" = ${ownerId}::uuid
      UNION ALL SELECT t."id"::text, 'thumbnail', '', NULL, NULL, NULL, NULL
        FROM "Thumbnail" t WHERE t."id" = ANY(${thumbnails}::uuid[]) AND t."ownerId" = ${ownerId}::uuid`
      : [];
  const byId = new Map(rows.map((r) => [`${r.kind}:${r.id}`, r]));
  programs.forEach((p, i) => {
    // a thumbnailId names one of the owner's thumbnails (what every thumbnailId field may name)
    if (p.thumbnailId && !byId.has(`thumbnail:${p.thumbnailId.toLowerCase()}`)) throw invalidField("thumbnailId", "field.thumbnailId");
    if (p.itemType === "BREAK") {
      p.title ||= "Break";
      return;
    }
    const id = normalizeUuid(p.sourceId);
    if (p.itemType === "LIVE") {
      const stream = id && byId.get(`stream:${id}`);
      if (!stream) throw refused("error.castStreamSource", p, i);
      p.sourceId = id;
      p.title ||= stream.title;
      return;
    }
    const box = id && byId.get(`box:${id}`);
    if (!box) throw refused("error.castContentSource", p, i);
    p.sourceId = id;
    p.title ||= box.title;
    if (box.status !== "READY") throw refused("error.castContentNotReady", p, i);
    if (box.licenseType && !mayBroadcast({ licenseType: box.licenseType, expiresAt: box.expiresAt }))
      throw refused("error.castContentLicense", p, i);
    const left = (box.durationSeconds ?? 0) - p.offsetSeconds;
    if (p.offsetSeconds < 0 || left <= 0) throw refused("error.castContentOffset", p, i);
    if ((p.endsAt - p.startsAt) / SECOND >= left + 1) throw refused("error.castContentTooLong", p, i);
  });
}

/** The durations (seconds, as probed) of the owner's box items among `boxIds`: what an inserted PRERECORDED program lasts by default. */
export async function contentDurations(tx: Prisma.TransactionClient, ownerId: string, boxIds: string[]): Promise<Map<string, number>> {
  const ids = boxIds.flatMap((id) => normalizeUuid(id) ?? []);
  const rows = ids.length
    ? await tx.$queryRaw<{ id: string; durationSeconds: number | null }[]>`SELECT "id"::text AS id, "durationSeconds"
        FROM "BoxItem" WHERE "id" = ANY(${ids}::uuid[]) AND "ownerId" = ${ownerId}::uuid`
    : [];
  return new Map(rows.map((r) => [r.id, r.durationSeconds ?? 0]));
}
