import { timingSafeEqual } from "node:crypto";
import { getDb } from "@/server/db/client";
import { DomainError } from "@/server/core/errors";
import { httpStatus } from "@/server/rest/error-body";
import { readBodyBytes } from "@/server/rest/read-body";
import { liveHookSecret } from "@/server/media/edge/live-layout.mjs";
import { mediaKey } from "@/server/media/signed-url";
import { admitPublish, endPublish, recordDone, type PublishRequest } from "@/server/domain/live/publish-hooks";
import { admitCastPublish, endCastPublish } from "@/server/domain/live/cast-publish";
import { recoverInterruptedPublishes } from "@/server/domain/live/recover-publishes";
import { logger } from "@/server/log/logger.mjs";

export const dynamic = "force-dynamic";

// nginx-rtmp's callbacks (media/edge/nginx-rtmp.mjs): POST /internal/live/{publish,publish-done,
// record-done, cast-publish, cast-publish-done}?key=<secret>, and the launcher's ingest-start once nginx-rtmp
// runs (scripts/start.mjs); with the publish's fields form-encoded (app, name, clientid, addr and the
// publish URL's own arguments: user, password). nginx-rtmp admits a publisher on 2xx and refuses it on
// anything else. Only nginx-rtmp knows the secret; the HTTP edge answers 404 for /internal/ anyway.

const reply = (status: number) => new Response(null, { status, headers: { "Cache-Control": "no-store" } });

function authorized(req: Request): boolean {
  const given = Buffer.from(new URL(req.url).searchParams.get("key") ?? "");
  const expected = Buffer.from(liveHookSecret(mediaKey()));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export async function POST(req: Request, { params }: { params: Promise<{ hook: string }> }): Promise<Response> {
  if (!authorized(req)) return reply(404);
  const { hook } = await params;
  let form: URLSearchParams;
  try {
    form = new URLSearchParams(new TextDecoder().decode(await readBodyBytes(req)));
  } catch (err) {
    if (err instanceof DomainError) return reply(httpStatus[err.code]);
    throw err;
  }
  const field = (name: string) => form.get(name) ?? "";
  const db = await getDb();
  const request: PublishRequest = {
    name: field("name"),
    user: field("user"),
    password: field("password"),
    clientId: field("clientid"),
    address: field("addr"),
  };
  switch (hook) {
    case "publish":
    case "cast-publish": {
      const decision = await (hook === "publish" ? admitPublish : admitCastPublish)(db, request);
      if (decision.ok) return reply(200);
      logger().warn(`live: publish to ${JSON.stringify(field("name"))} from ${field("addr")} refused (${decision.reason})`);
      return reply(403);
    }
    case "publish-done":
      await endPublish(db, { name: field("name"), clientId: field("clientid") });
      return reply(200);
    case "cast-publish-done":
      await endCastPublish(db, { name: field("name"), clientId: field("clientid") });
      return reply(200);
    case "record-done":
      await recordDone(db, { name: field("name"), clientId: field("clientid"), path: field("path") });
      return reply(200);
    case "ingest-start": {
      const { ended, recovered } = await recoverInterruptedPublishes(db);
      if (ended)
        logger().warn(`live: ${ended} publish(es) cut by a restart ended, ${recovered} recorded copy(ies) handed to the recording job`);
      return reply(200);
    }
    default:
      return reply(404);
  }
}
