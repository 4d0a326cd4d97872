import { getLocale, getTranslations } from "next-intl/server";
import { DataTable } from "@/components/data-table";
import { AdminSearch } from "@/components/admin/admin-search";
import { TargetLink } from "@/components/admin/target-link";
import {
  ApproveButton,
  DeleteUserButton,
  ResendActivationButton,
  RoleButton,
  SuspendButton,
  UnsuspendButton,
  UserPlanButton,
} from "@/components/admin/staff-actions";
import { formatBytes, formatDay } from "@/lib/format";
import { requirePortalCaller } from "@/server/portal/session";
import { pageTitle } from "@/i18n/page-title";

export const generateMetadata = pageTitle("consoleUsers");

type Search = Promise<Record<string, string | string[] | undefined>>;
const STATUSES = ["PENDING", "ACTIVE", "DISABLED", "SUSPENDED", "AWAITING_APPROVAL"] as const;
type Status = (typeof STATUSES)[number];

// GET /admin/users?q=&status= - every account by code, e-mail or name (admin.users): status, role,
// plan, storage; suspend with a reason, unsuspend, approve a waiting account, set the role, the plan
// and delete the account with its data (administrators).
export default async function AdminUsersPage({ searchParams }: { searchParams: Search }) {
  const { caller } = await requirePortalCaller("/admin/users");
  const search = await searchParams;
  const q = typeof search.q === "string" ? search.q : "";
  const status = STATUSES.find((s) => s === search.status);
  const [users, role, plans, t, locale] = await Promise.all([
    caller.admin.users({ q: q || undefined, status, limit: 100 }),
    caller.admin.role(),
    caller.licenses.list(),
    getTranslations("console.users"),
    getLocale(),
  ]);
  const statusWord = (s: string) => t(`statuses.${s as Status}`);
  return (
    <>
      <h1>{t("title")}</h1>
      <AdminSearch
        action="/admin/users"
        label={t("search")}
        query={{ label: t("query"), value: q }}
        filter={{
          name: "status",
          label: t("status"),
          any: t("anyStatus"),
          value: status ?? "",
          options: STATUSES.map((s) => ({ value: s, label: statusWord(s) })),
        }}
        submit={t("search")}
      />
      {users.length === 0 ? (
        <p className="card">{t("none")}</p>
      ) : (
        <DataTable
          caption={t("title")}
          stack
          testId="admin-users"
          columns={[
            { label: t("user") },
            { label: t("status") },
            { label: t("role") },
            { label: t("plan") },
            { label: t("storage"), numeric: true },
            { label: t("since") },
            { label: t("actions"), hiddenLabel: true },
          ]}
        >
          {users.map((u) => (
            <tr key={u.userCode} data-testid="admin-user">
              <td data-label={t("user")}>
                <TargetLink type="user" id={u.userCode} />
                <div className="muted">{u.email}</div>
              </td>
              <td data-label={t("status")}>
                {statusWord(u.status)}
                {u.suspendReason && <div className="muted">{u.suspendReason}</div>}
              </td>
              <td data-label={t("role")}>{t(`roles.${u.role}`)}</td>
              <td data-label={t("plan")}>{u.licenseName}</td>
              <td data-label={t("storage")} className="num">
                {formatBytes(Number(u.storageUsedBytes))}
              </td>
              <td data-label={t("since")}>
                <time dateTime={u.createdAt.toISOString()}>{formatDay(u.createdAt, locale)}</time>
              </td>
              <td data-label={t("actions")}>
                <div className="admin-actions">
                  {u.status === "SUSPENDED" ? (
                    <UnsuspendButton userCode={u.userCode} />
                  ) : (
                    u.status !== "DISABLED" && <SuspendButton userCode={u.userCode} />
                  )}
                  {u.status === "AWAITING_APPROVAL" && <ApproveButton userCode={u.userCode} />}
                  {u.status === "PENDING" && <ResendActivationButton userCode={u.userCode} />}
                  {role === "ADMINISTRATOR" && <RoleButton userCode={u.userCode} role={u.role} />}
                  {role === "ADMINISTRATOR" && (
                    <UserPlanButton userCode={u.userCode} plan={u.licenseName} plans={plans.map((p) => p.name)} />
                  )}
                  {role === "ADMINISTRATOR" && u.role !== "ADMINISTRATOR" && <DeleteUserButton userCode={u.userCode} />}
                </div>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </>
  );
}
