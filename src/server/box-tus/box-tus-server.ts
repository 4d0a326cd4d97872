import { randomUUID } from "node:crypto";
import { Server, type Upload } from "@tus/server";
import { getDb, getDbAccess } from "@/server/db/client";
import { getStorage } from "@/server/media/storage";
import { PgLocker } from "./pg-locker";
import { StorageTusStore } from "./storage-tus-store";
import { completeBoxUpload, checkBoxUpload } from "@/server/domain/box/complete-box-upload";
import type { Ctx } from "@/server/core/context";
import { env } from "@/server/env";
import { splitTags } from "@/lib/tags";
import { pickLang, translate, type Lang } from "@/server/i18n/messages";
import { domainErrorOf } from "@/server/rest/domain-error-of";
import { uploadErrorBody } from "@/server/portal/upload-error-body";
import { resolveUploadUser } from "@/server/portal/request-actor";
import { logger } from "@/server/log/logger.mjs";

// The portal's resumable uploads (tus 1.0, creation + termination + expiration), at /uploads/box.
// The bytes go to the media storage (storage-tus-store.ts), which every node of the instance shares,
// so an upload goes on through any web node; on PostgreSQL the nodes lock an upload against each
// other (pg-locker.ts), on PGlite (one process) tus's in-memory locker does. When the last byte has
// arrived, the parts become one object that completeBoxUpload makes a box item. An upload belongs to the user who created it: every
// later request (HEAD, PATCH, DELETE) by anybody else gets 404. Limits are checked at creation (with
// Upload-Length) and again when the last byte arrives; the finished upload becomes a box item in the
// same request, whose id the response carries in `Kinora-Box-Id`.

export const TUS_PATH = "/uploads/box";
/** Unfinished uploads older than this are removed (the client can no longer resume them). */
const EXPIRATION_MS = 24 * 60 * 60 * 1000;
const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;
const OWNER_KEY = "kinoraOwner";

interface TusError {
  status_code: number;
  body: string;
}

function tusError(status: number, message: string): TusError {
  return { status_code: status, body: JSON.stringify({ status, message }) };
}

/** A domain error as the JSON body the portal shows; anything else is logged and answered 500. */
function asTusError(err: unknown, lang: Lang): TusError {
  const domain = domainErrorOf(err);
  if (domain) {
    const body = uploadErrorBody(domain, lang);
    return { status_code: body.status, body: JSON.stringify(body) };
  }
  if (err && typeof err === "object" && "status_code" in err) return err as TusError;
  logger().error({ err }, "tus upload failed");
  return tusError(500, translate(lang, "error.internal"));
}

async function contextOf(req: Request): Promise<{ ctx: Ctx; lang: Lang; userId: string }> {
  const lang = pickLang(req.headers.get("accept-language"));
  const { db, sql } = await getDbAccess();
  try {
    const actor = await resolveUploadUser(sql, req);
    return { ctx: { db, sql, actor, address: undefined }, lang, userId: actor.userId };
  } catch (err) {
    throw asTusError(err, lang);
  }
}

/** The box fields sent as tus metadata: title, description, tags (comma separated). */
function fieldsOf(metadata: Upload["metadata"]): Record<string, unknown> {
  const m = metadata ?? {};
  return {
    title: m.title ?? m.filename ?? undefined,
    description: m.description ?? undefined,
    tags: splitTags(m.tags ?? ""),
  };
}

/** The PostgreSQL locker, made once at its first use (it needs the database's client). */
let pgLocker: Promise<PgLocker> | undefined;

function createServer(): Server {
  const store = new StorageTusStore(getStorage, EXPIRATION_MS);
  const databaseUrl = env().DATABASE_URL;
  const server: Server = new Server({
    path: TUS_PATH,
    datastore: store,
    ...(databaseUrl ? { locker: () => (pgLocker ??= getDb().then((db) => new PgLocker(databaseUrl, db))) } : {}),
    // upload ids are UUIDs (they name the upload's place in storage: media/keys.ts tusUploadPrefix)
    namingFunction: () => randomUUID(),
    relativeLocation: true,
    exposedHeaders: ["Kinora-Box-Id"],
    // a request may only touch uploads of its own user (404 otherwise, as for box items)
    async onIncomingRequest(req, uploadId) {
      if (req.method === "POST" || req.method === "OPTIONS") return;
      const { userId, lang } = await contextOf(req);
      let upload: Upload;
      try {
        upload = await store.getUpload(uploadId);
      } catch {
        throw tusError(404, translate(lang, "error.notFound"));
      }
      if (upload.metadata?.[OWNER_KEY] !== userId) throw tusError(404, translate(lang, "error.notFound"));
    },
    async onUploadCreate(req, upload) {
      const { ctx, lang, userId } = await contextOf(req);
      if (upload.size === undefined) throw tusError(400, translate(lang, "error.badRequest"));
      try {
        await checkBoxUpload(ctx, { sizeBytes: upload.size, fields: fieldsOf(upload.metadata) });
      } catch (err) {
        throw asTusError(err, lang);
      }
      // the owner is written by the server, whatever the client sent under that name
      return { metadata: { ...upload.metadata, [OWNER_KEY]: userId } };
    },
    async onUploadFinish(req, upload) {
      const { ctx, lang } = await contextOf(req);
      try {
        const item = await completeBoxUpload(
          ctx,
          { sizeBytes: upload.offset, filename: upload.id, placeAt: (_storage, key) => store.assemble(upload.id, key) },
          {
            filename: upload.metadata?.filename ?? undefined,
            mimeType: upload.metadata?.filetype ?? undefined,
            fields: fieldsOf(upload.metadata),
          },
        );
        return { headers: { "Kinora-Box-Id": item.boxId } };
      } catch (err) {
        // refused (quota used up meanwhile, invalid title, ...): nothing of the upload is kept
        throw asTusError(err, lang);
      } finally {
        await store.remove(upload.id).catch(() => undefined);
      }
    },
    async onResponseError(req, err) {
      if ("status_code" in err) return undefined;
      return asTusError(err, pickLang(req.headers.get("accept-language")));
    },
  });
  const timer = setInterval(() => void server.cleanUpExpiredUploads().catch(() => undefined), CLEANUP_INTERVAL_MS);
  timer.unref();
  return server;
}

let instance: Server | undefined;

/** The process's tus server (one: on PGlite its in-memory locker serialises requests on the same upload). */
export function boxTusServer(): Server {
  instance ??= createServer();
  return instance;
}
