import { getDbAccess } from "@/server/db/client";
import { pickLang } from "@/server/i18n/messages";
import { resolveUploadUser } from "@/server/portal/request-actor";
import { uploadErrorBody } from "@/server/portal/upload-error-body";
import { clientAddress } from "@/server/rest/client-address";
import { domainErrorOf } from "@/server/rest/domain-error-of";
import { declaredLength, multipartParts } from "@/server/rest/multipart";
import { untrusted } from "@/server/rest/route";
import { createCaller } from "@/server/trpc/caller";

// POST /uploads/captions/{boxId} - the portal's caption upload (multipart `file`, `language`, `label`,
// `kind`), with the session cookie: the same operation as POST /api/box/{boxId}/captions.
export const dynamic = "force-dynamic";

export async function POST(request: Request, { params }: { params: Promise<{ boxId: string }> }): Promise<Response> {
  const lang = pickLang(request.headers.get("accept-language"));
  try {
    const { boxId } = await params;
    const { db, sql } = await getDbAccess();
    const actor = await resolveUploadUser(sql, request);
    const caller = createCaller({ actor, db, sql, lang, address: clientAddress(request) });
    const caption = await caller.captions.upload(
      untrusted({ boxId, parts: multipartParts(request), declaredBytes: declaredLength(request) }),
    );
    return Response.json(caption, { status: 201 });
  } catch (err) {
    const domain = domainErrorOf(err);
    if (!domain) throw err;
    const body = uploadErrorBody(domain, lang);
    return Response.json(body, { status: body.status, headers: { Connection: "close" } });
  }
}
