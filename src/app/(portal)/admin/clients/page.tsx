import { getLocale, getTranslations } from "next-intl/server";
import { DataTable } from "@/components/data-table";
import { ClientOriginsButton, CreateClientButton, RevokeClientButton } from "@/components/admin/client-actions";
import { formatDay } from "@/lib/format";
import { requirePortalCaller } from "@/server/portal/session";
import { tryCall } from "@/server/portal/try-call";
import { pageTitle } from "@/i18n/page-title";

export const generateMetadata = pageTitle("consoleClients");

// GET /admin/clients - the OAuth clients (admin.clients, administrators): create one (its secret shown
// once), set its origins, revoke it. A moderator reads why they may not.
export default async function AdminClientsPage() {
  const { caller } = await requirePortalCaller("/admin/clients");
  const [clients, t, locale] = await Promise.all([tryCall(() => caller.admin.clients()), getTranslations("console.clients"), getLocale()]);
  return (
    <>
      <h1>{t("title")}</h1>
      {!clients.ok ? (
        <p className="notice notice--info">{clients.message}</p>
      ) : (
        <>
          <div className="admin-actions">
            <CreateClientButton />
          </div>
          <DataTable
            caption={t("title")}
            stack
            testId="clients"
            columns={[
              { label: t("clientId") },
              { label: t("grants") },
              { label: t("origins") },
              { label: t("since") },
              { label: t("actions"), hiddenLabel: true },
            ]}
          >
            {clients.data.map((c) => (
              <tr key={c.id} data-testid="client-row">
                <td data-label={t("clientId")}>
                  <strong>{c.id}</strong>
                  <div className="muted">{c.name}</div>
                </td>
                <td data-label={t("grants")}>{c.grants.join(", ")}</td>
                <td data-label={t("origins")}>{c.origins.join(", ") || "–"}</td>
                <td data-label={t("since")}>
                  <time dateTime={c.createdAt.toISOString()}>{formatDay(c.createdAt, locale)}</time>
                  {c.revokedAt && <div className="badge badge--danger">{t("revoked")}</div>}
                </td>
                <td data-label={t("actions")}>
                  {c.confidential && !c.revokedAt && (
                    <div className="admin-actions">
                      <ClientOriginsButton clientId={c.id} origins={c.origins} />
                      <RevokeClientButton clientId={c.id} />
                    </div>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        </>
      )}
    </>
  );
}
