import { route, untrusted } from "@/server/rest/route";
import { submitReportInput } from "@/server/domain/admin/reports";
import { renderReportReceipt, reportReceiptSchema } from "@/server/rest/render/admin";

// Reports of abuse (issue 25): anyone, with a token or without (an embed on another site has none).
export const reportRoutes = [
  // POST /api/public/reports {targetType, targetId, reason, details, email} -> 201 {reportId}
  route({
    method: "POST",
    path: "/api/public/reports",
    auth: "optional",
    status: 201,
    summary: "Report a vod, bundle, live channel, cast channel or user page to the moderators",
    requestSchema: submitReportInput,
    responseSchema: reportReceiptSchema,
    errors: [404, 429],
    handle: async ({ caller, body }) => renderReportReceipt(await caller.admin.report(untrusted(body))),
  }),
];
