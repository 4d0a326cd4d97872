import type { ErrorCode } from "@/server/core/errors";
import { httpStatus } from "@/server/rest/error-body";
import { auditCsvResponse } from "@/server/rest/render/admin";
import { getServerCaller } from "@/server/portal/session";
import { tryCall } from "@/server/portal/try-call";

// GET /admin/audit/export?action=&targetType=&targetId=&actor= - the console's CSV export of the
// audit log (admin.auditCsv, up to 5000 entries, newest first), for the signed-in staff member.
export async function GET(request: Request): Promise<Response> {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const caller = await getServerCaller();
  const csv = await tryCall(() => caller.admin.auditCsv({ ...params, limit: 5000 } as never));
  if (csv.ok) return auditCsvResponse(csv.data);
  return new Response(csv.message, {
    status: httpStatus[csv.code as ErrorCode] ?? 403,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}
