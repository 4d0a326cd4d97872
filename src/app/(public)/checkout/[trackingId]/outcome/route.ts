import { createPortalContext } from "@/server/portal/session";
import { createCaller } from "@/server/trpc/caller";
import { domainErrorOf } from "@/server/rest/domain-error-of";
import { domainErrorResponse } from "@/server/rest/error-body";
import { readBodyBytes } from "@/server/rest/read-body";
import { untrusted } from "@/server/rest/route";

/** The posted form (urlencoded as the page sends it, or multipart); undefined when it does not parse. */
async function readForm(request: Request): Promise<{ get(name: string): unknown } | undefined> {
  const bytes = await readBodyBytes(request);
  const type = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data/i.test(type)) return new URLSearchParams(new TextDecoder().decode(bytes));
  return new Response(new Uint8Array(bytes), { headers: { "Content-Type": type } }).formData().catch(() => undefined);
}

// POST /checkout/{trackingId} (form outcome=paid|cancelled|failed, and a guest's email), handed here by src/proxy.ts: the
// sandbox provider settles the payment and sends the buyer on with a 303 (domain/payments/settle-checkout.ts).
export const dynamic = "force-dynamic";

export async function POST(request: Request, { params }: { params: Promise<{ trackingId: string }> }): Promise<Response> {
  const { trackingId } = await params;
  const ctx = await createPortalContext(request.headers);
  try {
    // a small form: its bytes under the path's cap (413 at once past it, http/body-limits.mjs)
    const form = await readForm(request);
    const outcome = form?.get("outcome") ?? new URL(request.url).searchParams.get("outcome") ?? undefined;
    const email = form?.get("email") ?? undefined;
    const { location } = await createCaller(ctx).payments.settleCheckout({
      trackingId,
      outcome: untrusted(outcome),
      email: untrusted(email),
    });
    return new Response(null, { status: 303, headers: { Location: location, "Cache-Control": "no-store" } });
  } catch (err) {
    const domainError = domainErrorOf(err);
    if (!domainError) throw err;
    // the page's own form (a browser asks for HTML): back to it, the e-mail field marked, rather than a JSON error
    const emailRefused = domainError.fieldErrors.some((f) => f.field === "email");
    if (emailRefused && /text\/html/.test(request.headers.get("accept") ?? ""))
      return new Response(null, {
        status: 303,
        headers: { Location: `/checkout/${encodeURIComponent(trackingId)}?invalid=email`, "Cache-Control": "no-store" },
      });
    return domainErrorResponse(domainError, ctx.lang, `/checkout/${trackingId}`);
  }
}
