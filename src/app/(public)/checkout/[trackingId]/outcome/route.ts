import { createPortalContext } from "@/server/portal/session";
import { createCaller } from "@/server/trpc/caller";
import { domainErrorOf } from "@/server/rest/domain-error-of";
import { domainErrorResponse } from "@/server/rest/error-body";
import { untrusted } from "@/server/rest/route";

// POST /checkout/{trackingId} (form outcome=paid|cancelled|failed), handed here by src/proxy.ts: the
// sandbox provider settles the payment and sends the buyer on with a 303 (domain/payments/settle-checkout.ts).
export const dynamic = "force-dynamic";

export async function POST(request: Request, { params }: { params: Promise<{ trackingId: string }> }): Promise<Response> {
  const { trackingId } = await params;
  const ctx = await createPortalContext(request.headers);
  const form = await request.formData().catch(() => undefined);
  const outcome = form?.get("outcome") ?? new URL(request.url).searchParams.get("outcome") ?? undefined;
  try {
    const { location } = await createCaller(ctx).payments.settleCheckout({ trackingId, outcome: untrusted(outcome) });
    return new Response(null, { status: 303, headers: { Location: location, "Cache-Control": "no-store" } });
  } catch (err) {
    const domainError = domainErrorOf(err);
    if (!domainError) throw err;
    return domainErrorResponse(domainError, ctx.lang, `/checkout/${trackingId}`);
  }
}
