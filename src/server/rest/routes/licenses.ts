import { route, untrusted } from "@/server/rest/route";
import { subscribeLicenseInput } from "@/server/domain/licenses/subscribe-license";
import { activateLicenseInput } from "@/server/domain/licenses/activate-license";
import { licenseSchema, renderLicense } from "@/server/rest/render/license";
import { paymentInitiationSchema, renderPaymentInitiation } from "@/server/rest/render/payment-initiation";
import { renderUserOverview, userOverviewSchema } from "@/server/rest/render/user-overview";

export const licenseRoutes = [
  // POST /api/license/{licenseName}/subscribe - open the payment of a plan (advanceMonthlyPayments periods)
  route({
    method: "POST",
    path: "/api/license/{licenseName}/subscribe",
    auth: "private",
    status: 200,
    summary: "Buy a license plan: open its payment",
    requestSchema: subscribeLicenseInput,
    responseSchema: paymentInitiationSchema(licenseSchema),
    errors: [503],
    handle: async ({ caller, params, body }) => {
      const started = await caller.licenses.subscribe(untrusted({ ...body, licenseName: params.licenseName }));
      return renderPaymentInitiation(started, renderLicense(started.resource));
    },
  }),
  // POST /api/license/{licenseName}/activate {trackingId} - the paid plan becomes the caller's (once per payment)
  route({
    method: "POST",
    path: "/api/license/{licenseName}/activate",
    auth: "private",
    status: 200,
    summary: "Activate a paid license plan",
    requestSchema: activateLicenseInput,
    errors: [503],
    responseSchema: userOverviewSchema,
    handle: async ({ caller, params, body }) =>
      renderUserOverview(await caller.licenses.activate(untrusted({ ...body, licenseName: params.licenseName }))),
  }),
  // POST /api/license/downgrade - back to the Free plan (supplement §2)
  route({
    method: "POST",
    path: "/api/license/downgrade",
    auth: "private",
    status: 200,
    summary: "Go back to the Free license",
    responseSchema: userOverviewSchema,
    handle: async ({ caller }) => renderUserOverview(await caller.licenses.downgrade()),
  }),
];
