import Link from "next/link";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { DataTable } from "@/components/data-table";
import { DeleteWebhookButton, RetryDeliveryButton } from "@/components/account/webhooks";
import { formatDateTime } from "@/lib/format";
import { requirePortalCaller } from "@/server/portal/session";
import { tryCall } from "@/server/portal/try-call";
import { pageTitle } from "@/i18n/page-title";

export const generateMetadata = pageTitle("webhookDeliveries");

// GET /account/developers/webhooks/{webhookId} - one endpoint's delivery log (webhooks.deliveries):
// each delivery's event, state and attempts (when, answer status, time, error), the next attempt of
// one still pending, and a replay; another user's endpoint is not found.
export default async function WebhookDeliveriesPage({ params }: { params: Promise<{ webhookId: string }> }) {
  const { webhookId } = await params;
  const { caller } = await requirePortalCaller(`/account/developers/webhooks/${encodeURIComponent(webhookId)}`);
  const endpoint = await tryCall(() => caller.webhooks.get({ webhookId }));
  if (!endpoint.ok) notFound();
  const [deliveries, t, locale] = await Promise.all([
    caller.webhooks.deliveries({ webhookId, limit: 100 }),
    getTranslations("developers"),
    getLocale(),
  ]);
  const hook = endpoint.data;
  const when = (d: Date) => <time dateTime={d.toISOString()}>{formatDateTime(d, locale)}</time>;
  return (
    <>
      <p>
        <Link href="/account/developers">{t("back")}</Link>
      </p>
      <div className="page-head">
        <h2>
          <code data-testid="webhook-url">{hook.url}</code>
        </h2>
        <DeleteWebhookButton webhookId={hook.id} url={hook.url} afterwards="/account/developers" />
      </div>
      <p className="muted">
        {t("webhooks.events")}: {hook.events.join(", ")}
        {hook.description && <> · {hook.description}</>}
      </p>
      {hook.disabledAt && (
        <p className="notice notice--error" role="status">
          {t("deliveries.disabled", { when: formatDateTime(hook.disabledAt, locale), reason: hook.disabledReason ?? "" })}
        </p>
      )}
      <h3>{t("deliveries.title")}</h3>
      {deliveries.length === 0 ? (
        <p data-testid="deliveries-empty">{t("deliveries.none")}</p>
      ) : (
        <DataTable
          caption={t("deliveries.title")}
          stack
          testId="deliveries"
          columns={[
            { label: t("deliveries.event") },
            { label: t("deliveries.state") },
            { label: t("deliveries.attempts") },
            { label: t("actions"), hiddenLabel: true },
          ]}
        >
          {deliveries.map((d) => (
            <tr key={d.id} data-testid="delivery-row">
              <td data-label={t("deliveries.event")}>
                <code>{d.eventType}</code>
                <div className="muted">
                  {when(d.createdAt)} · <code>{d.messageId}</code>
                </div>
              </td>
              <td data-label={t("deliveries.state")}>
                <span className={`badge ${d.status === "SUCCEEDED" ? "badge--success" : d.status === "FAILED" ? "badge--danger" : ""}`}>
                  {t(`deliveries.status.${d.status === "SUCCEEDED" || d.status === "FAILED" ? d.status : "PENDING"}`)}
                </span>
                {d.nextAttemptAt && <div className="muted">{t("deliveries.next", { when: formatDateTime(d.nextAttemptAt, locale) })}</div>}
              </td>
              <td data-label={t("deliveries.attempts")}>
                <ol className="attempts">
                  {d.attempts.map((a, i) => (
                    <li key={i}>
                      {when(a.at)} · {a.statusCode ?? "–"} · {t("deliveries.ms", { ms: a.durationMs })}
                      {a.error && <span className="muted"> · {a.error}</span>}
                    </li>
                  ))}
                </ol>
              </td>
              <td data-label={t("actions")}>
                <RetryDeliveryButton webhookId={hook.id} deliveryId={d.id} />
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </>
  );
}
