import { getDbAccess } from "@/server/db/client";
import { oembedInput, oembedOf } from "@/server/domain/viewer/oembed";
import { parseInput } from "@/server/domain/shared/validation";
import { baseUrlOf } from "@/server/http/base-url";
import { pickLang, translate } from "@/server/i18n/messages";
import { domainErrorOf } from "@/server/rest/domain-error-of";
import { domainErrorResponse, errorResponse, json } from "@/server/rest/error-body";

// GET /oembed?url=<watch page URL>&maxwidth=&maxheight=&format=json - oEmbed 1.0 for our public vods
// (discovered through the <link rel="alternate" type="application/json+oembed"> of each watch page).
// JSON only: format=xml answers 501, as the specification asks of a provider without it.
export const dynamic = "force-dynamic";

export async function GET(request: Request): Promise<Response> {
  const query = new URL(request.url).searchParams;
  const lang = pickLang(request.headers.get("accept-language"));
  const path = "/oembed";
  const format = query.get("format");
  if (format !== null && format.toLowerCase() !== "json") return errorResponse(501, translate(lang, "error.oembedFormat"), path);
  try {
    const input = parseInput(oembedInput, Object.fromEntries(query));
    const ctx = { actor: { kind: "anonymous" as const }, ...(await getDbAccess()), baseUrl: baseUrlOf(request) };
    // consumers cache it: a day, as long as a title or a thumbnail is allowed to lag behind
    return json(200, await oembedOf(ctx, input), { "Cache-Control": "public, max-age=86400" });
  } catch (err) {
    const domainError = domainErrorOf(err);
    if (!domainError) throw err;
    return domainErrorResponse(domainError, lang, path);
  }
}
