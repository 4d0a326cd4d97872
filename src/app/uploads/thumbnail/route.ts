import { getDb } from "@/server/db/client";
import { pickLang, translate } from "@/server/i18n/messages";
import { resolveRequestActor } from "@/server/portal/request-actor";
import { domainErrorOf } from "@/server/rest/domain-error-of";
import { uploadErrorBody } from "@/server/portal/upload-error-body";
import { declaredLength, multipartParts } from "@/server/rest/multipart";
import { untrusted } from "@/server/rest/route";
import { createCaller } from "@/server/trpc/caller";
import { clientAddress } from "@/server/rest/client-address";

// POST /uploads/thumbnail - the portal's thumbnail upload (multipart part `thumbnail`), with the
// session cookie: the same operation as POST /api/thumbnail, which takes a bearer token.
export const dynamic = "force-dynamic";

export async function POST(request: Request): Promise<Response> {
  const lang = pickLang(request.headers.get("accept-language"));
  const db = await getDb();
  const actor = await resolveRequestActor(db, request);
  if (actor.kind !== "user") return Response.json({ status: 401, message: translate(lang, "error.tokenInvalid") }, { status: 401 });
  try {
    const caller = createCaller({ actor, db, lang, address: clientAddress(request) });
    const result = await caller.thumbnails.upload(untrusted({ parts: multipartParts(request), declaredBytes: declaredLength(request) }));
    return Response.json(result, { status: 201 });
  } catch (err) {
    const domain = domainErrorOf(err);
    if (!domain) throw err;
    const body = uploadErrorBody(domain, lang);
    return Response.json(body, { status: body.status, headers: { Connection: "close" } });
  }
}
