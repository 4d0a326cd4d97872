"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { ConfirmButton } from "@/components/confirm-button";
import { CheckboxGroupField, Field } from "@/components/form/field";
import { SecretOnceButton } from "@/components/secret-once-button";
import { errorMessageOf } from "@/components/trpc/errors";
import { trpc } from "@/components/trpc/react";

/** A new webhook endpoint (webhooks.create): URL, events, description; its signing secret is shown once. */
export function CreateWebhookButton({ events }: { events: readonly string[] }) {
  const t = useTranslations("developers.webhooks");
  const create = trpc.webhooks.create.useMutation();
  return (
    <SecretOnceButton
      label={t("create")}
      title={t("createTitle")}
      testId="create-webhook"
      state={create}
      labels={{ url: t("url"), events: t("events"), description: t("description") }}
      send={(form) => create.mutate({ url: form.text("url"), events: form.all("events"), description: form.text("description") })}
      fields={(errors) => (
        <>
          <Field name="url" label={t("url")} type="url" required placeholder="https://" error={errors.url} />
          <CheckboxGroupField
            name="events"
            label={t("events")}
            options={events.map((e) => ({ value: e, label: e }))}
            error={errors.events}
          />
          <Field name="description" label={t("description")} maxLength={500} error={errors.description} />
        </>
      )}
      shown={(made) => ({
        message: t("created", { url: made.url }),
        secretLabel: t("secret"),
        secret: made.secret,
        secretTestId: "webhook-secret",
        note: t("secretOnce"),
      })}
      done={t("done")}
    />
  );
}

/** Deletes an endpoint (webhooks.remove) with its delivery log. */
export function DeleteWebhookButton({ webhookId, url, afterwards }: { webhookId: string; url: string; afterwards?: string }) {
  const t = useTranslations("developers.webhooks");
  const router = useRouter();
  const remove = trpc.webhooks.remove.useMutation({ onSuccess: () => (afterwards ? router.push(afterwards) : router.refresh()) });
  return (
    <>
      <ConfirmButton
        label={t("delete")}
        about={url}
        title={t("deleteTitle")}
        pending={remove.isPending}
        onConfirm={() => remove.mutate({ webhookId })}
        testId="delete-webhook"
      >
        <p>{t("deleteText", { url })}</p>
      </ConfirmButton>
      {remove.error && (
        <p className="field__error" role="alert">
          {errorMessageOf(remove.error)}
        </p>
      )}
    </>
  );
}

/** Sends a delivery again now (webhooks.retry), as its first attempt's event: same id, same body. */
export function RetryDeliveryButton({ webhookId, deliveryId }: { webhookId: string; deliveryId: string }) {
  const t = useTranslations("developers.deliveries");
  const router = useRouter();
  const retry = trpc.webhooks.retry.useMutation({ onSuccess: () => router.refresh() });
  return (
    <>
      <button
        type="button"
        className="button button--secondary"
        disabled={retry.isPending}
        aria-busy={retry.isPending || undefined}
        onClick={() => retry.mutate({ webhookId, deliveryId })}
        data-testid="retry-delivery"
      >
        {t("retry")}
      </button>
      {retry.isSuccess && <p role="status">{t("retried")}</p>}
      {retry.error && (
        <p className="field__error" role="alert">
          {errorMessageOf(retry.error)}
        </p>
      )}
    </>
  );
}
