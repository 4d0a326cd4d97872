import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { DataTable } from "@/components/data-table";
import { CreateApiKeyButton, RevokeApiKeyButton } from "@/components/account/api-keys";
import { CreateWebhookButton, DeleteWebhookButton } from "@/components/account/webhooks";
import { formatDateTime } from "@/lib/format";
import { API_SCOPES } from "@/server/auth/api-keys";
import { WEBHOOK_EVENTS } from "@/server/webhooks/events";
import { requirePortalCaller } from "@/server/portal/session";
import { pageTitle } from "@/i18n/page-title";

export const generateMetadata = pageTitle("developers");

// GET /account/developers - what an integration needs (issue 27): the user's API keys (made with
// their scopes and origins, the key shown once; revoked at once) and webhook endpoints (made with
// their events, the signing secret shown once; each with its delivery log), and where the reference is.
export default async function DevelopersPage() {
  const { caller } = await requirePortalCaller("/account/developers");
  const [keys, hooks, t, locale] = await Promise.all([
    caller.apiKeys.list(),
    caller.webhooks.list(),
    getTranslations("developers"),
    getLocale(),
  ]);
  const when = (d: Date | null) => (d ? <time dateTime={d.toISOString()}>{formatDateTime(d, locale)}</time> : "–");
  return (
    <>
      <p className="muted">
        {t.rich("intro", {
          reference: (chunks) => <Link href="/docs/api">{chunks}</Link>,
        })}
      </p>

      <section aria-labelledby="api-keys-title">
        <div className="page-head">
          <h2 id="api-keys-title">{t("keys.title")}</h2>
          <CreateApiKeyButton scopes={API_SCOPES} />
        </div>
        <p className="muted">{t("keys.about")}</p>
        {keys.length === 0 ? (
          <p data-testid="api-keys-empty">{t("keys.none")}</p>
        ) : (
          <DataTable
            caption={t("keys.title")}
            stack
            testId="api-keys"
            columns={[
              { label: t("keys.name") },
              { label: t("keys.scopes") },
              { label: t("keys.origins") },
              { label: t("keys.lastUsed") },
              { label: t("actions"), hiddenLabel: true },
            ]}
          >
            {keys.map((k) => (
              <tr key={k.id} data-testid="api-key-row">
                <td data-label={t("keys.name")}>
                  <strong>{k.name}</strong>
                  <div className="muted">
                    <code>{k.prefix}…</code> · {t("since", { when: formatDateTime(k.createdAt, locale) })}
                  </div>
                </td>
                <td data-label={t("keys.scopes")}>{k.scopes.join(", ")}</td>
                <td data-label={t("keys.origins")}>{k.origins.join(", ") || "–"}</td>
                <td data-label={t("keys.lastUsed")}>{when(k.lastUsedAt)}</td>
                <td data-label={t("actions")}>
                  <RevokeApiKeyButton keyId={k.id} name={k.name} />
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </section>

      <section aria-labelledby="webhooks-title">
        <div className="page-head">
          <h2 id="webhooks-title">{t("webhooks.title")}</h2>
          <CreateWebhookButton events={WEBHOOK_EVENTS} />
        </div>
        <p className="muted">{t("webhooks.about")}</p>
        {hooks.length === 0 ? (
          <p data-testid="webhooks-empty">{t("webhooks.none")}</p>
        ) : (
          <DataTable
            caption={t("webhooks.title")}
            stack
            testId="webhooks"
            columns={[
              { label: t("webhooks.url") },
              { label: t("webhooks.events") },
              { label: t("webhooks.state") },
              { label: t("actions"), hiddenLabel: true },
            ]}
          >
            {hooks.map((h) => (
              <tr key={h.id} data-testid="webhook-row">
                <td data-label={t("webhooks.url")}>
                  <Link href={`/account/developers/webhooks/${h.id}`}>
                    <code>{h.url}</code>
                  </Link>
                  {h.description && <div className="muted">{h.description}</div>}
                </td>
                <td data-label={t("webhooks.events")}>{h.events.join(", ")}</td>
                <td data-label={t("webhooks.state")}>
                  {h.disabledAt ? (
                    <span className="badge badge--danger" title={h.disabledReason ?? undefined}>
                      {t("webhooks.disabled")}
                    </span>
                  ) : (
                    t("webhooks.active")
                  )}
                </td>
                <td data-label={t("actions")}>
                  <div className="actions">
                    <Link className="button button--secondary" href={`/account/developers/webhooks/${h.id}`}>
                      {t("webhooks.deliveries")}
                      <span className="visually-hidden"> {h.url}</span>
                    </Link>
                    <DeleteWebhookButton webhookId={h.id} url={h.url} />
                  </div>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </section>
    </>
  );
}
