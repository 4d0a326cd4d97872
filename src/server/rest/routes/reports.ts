import { route, untrusted } from "@/server/rest/route";
import { submitReportInput } from "@/server/domain/admin/reports";
import { appealInput } from "@/server/domain/admin/appeals";
import { transparencyInput } from "@/server/domain/admin/transparency";
import { noticeSchema, renderNotice, renderReportReceipt, reportReceiptSchema, transparencySchema } from "@/server/rest/render/admin";

// Reports of abuse (issue 25): anyone, with a token or without (an embed on another site has none);
// and what comes of them for an owner: the statements of reasons of their takedowns, and the appeal.
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
  // GET /api/user/me/notices - the caller's statements of reasons (takedowns of their contents), newest first
  route({
    method: "GET",
    path: "/api/user/me/notices",
    auth: "private",
    status: 200,
    summary: "Your statements of reasons: what the moderators took down, why, and the appeal",
    responseSchema: { type: "array", items: noticeSchema },
    handle: async ({ caller }) => (await caller.notices.mine()).map(renderNotice),
  }),
  // POST /api/user/me/notices/{takedownId}/appeal {text} - appeal a takedown in force, once
  route({
    method: "POST",
    path: "/api/user/me/notices/{takedownId}/appeal",
    auth: "private",
    status: 200,
    summary: "Appeal a takedown of yours (once, while it is in force)",
    requestSchema: appealInput,
    responseSchema: noticeSchema,
    errors: [409],
    handle: async ({ caller, params, body }) =>
      renderNotice(await caller.notices.appeal(untrusted({ ...body, takedownId: params.takedownId }))),
  }),
  // GET /api/public/transparency?months= - the moderation figures per month, newest first (anyone)
  route({
    method: "GET",
    path: "/api/public/transparency",
    auth: "optional",
    status: 200,
    summary: "Transparency: notices by reason, actions, median time to action, appeals and reversals, per month",
    requestSchema: transparencyInput,
    responseSchema: transparencySchema,
    handle: async ({ caller, query }) => caller.admin.transparency(untrusted(Object.fromEntries(query))),
  }),
];
