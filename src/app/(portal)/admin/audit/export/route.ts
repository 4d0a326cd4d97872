import { getServerCaller } from "@/server/portal/session";
import { tryCall } from "@/server/portal/try-call";

// GET /admin/audit/export?action=&targetType=&targetId=&actor= - the console's CSV export of the
// audit log (admin.auditCsv, up to 5000 entries, newest first), for the signed-in staff member.
export async function GET(request: Request): Promise<Response> {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const caller = await getServerCaller();
  const csv = await tryCall(() => caller.admin.auditCsv({ ...params, limit: 5000 } as never));
  if (!csv.ok)
    return new Response(csv.message, {
      status: csv.code === "UNAUTHORIZED" ? 401 : 403,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  return new Response(csv.data, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="kinora-audit.csv"',
      "Cache-Control": "no-store",
    },
  });
}
