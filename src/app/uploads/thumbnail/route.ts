import { getDbAccess } from "@/server/db/client";
import { pickLang } from "@/server/i18n/messages";
import { resolveUploadUser } from "@/server/portal/request-actor";
import { uploadErrorBody } from "@/server/portal/upload-error-body";
import { clientAddress } from "@/server/rest/client-address";
import { domainErrorOf } from "@/server/rest/domain-error-of";
import { declaredLength, multipartParts } from "@/server/rest/multipart";
import { untrusted } from "@/server/rest/route";
import { createCaller } from "@/server/trpc/caller";

// POST /uploads/thumbnail - the portal's thumbnail upload (multipart part `thumbnail`), with the
// session cookie: the same operation as POST /api/thumbnail, which takes a bearer token.
export const dynamic = "force-dynamic";

export async function POST(request: Request): Promise<Response> {
  const lang = pickLang(request.headers.get("accept-language"));
  try {
    const { db, sql } = await getDbAccess();
    const actor = await resolveUploadUser(sql, request);
    const caller = createCaller({ actor, db, sql, lang, address: clientAddress(request) });
    const result = await caller.thumbnails.upload(untrusted({ parts: multipartParts(request), declaredBytes: declaredLength(request) }));
    return Response.json(result, { status: 201 });
  } catch (err) {
    const domain = domainErrorOf(err);
    if (!domain) throw err;
    const body = uploadErrorBody(domain, lang);
    return Response.json(body, { status: body.status, headers: { Connection: "close" } });
  }
}
