"use client";

import { useTranslations } from "next-intl";
import { Field, TextAreaField } from "@/components/form/field";
import { SecretOnceButton } from "@/components/secret-once-button";
import { trpc } from "@/components/trpc/react";
import { ActionDialog } from "./action-dialog";

const list = (text: string) => text.split(/[\s,]+/).filter(Boolean);

/** A new confidential OAuth client (admin.createClient): its secret is shown once, in the dialog. */
export function CreateClientButton() {
  const t = useTranslations("console.clients");
  const create = trpc.admin.createClient.useMutation();
  return (
    <SecretOnceButton
      label={t("create")}
      title={t("createTitle")}
      testId="create-client"
      state={create}
      labels={{ clientId: t("clientId"), name: t("name"), grants: t("grants"), origins: t("origins") }}
      send={(form) =>
        create.mutate({
          clientId: form.text("clientId"),
          name: form.text("name"),
          grants: list(form.text("grants")),
          origins: list(form.text("origins")),
        })
      }
      fields={(errors) => (
        <>
          <Field name="clientId" label={t("clientId")} required error={errors.clientId} />
          <Field name="name" label={t("name")} required error={errors.name} />
          <Field name="grants" label={t("grants")} defaultValue="client_credentials password refresh_token" error={errors.grants} />
          <TextAreaField name="origins" label={t("origins")} hint={t("originsHint")} rows={3} error={errors.origins} />
        </>
      )}
      shown={(made) => ({
        message: t("created", { clientId: made.id }),
        secretLabel: t("secret"),
        secret: made.secret,
        secretTestId: "client-secret",
        note: t("secretOnce"),
      })}
      done={t("done")}
    />
  );
}

export function ClientOriginsButton({ clientId, origins }: { clientId: string; origins: string[] }) {
  const t = useTranslations("console.clients");
  const m = trpc.admin.setClientOrigins.useMutation();
  return (
    <ActionDialog
      label={t("setOrigins")}
      title={t("originsTitle", { clientId })}
      state={m}
      submit={t("save")}
      fields={[{ name: "origins", label: t("origins"), kind: "textarea", defaultValue: origins.join("\n"), hint: t("originsHint") }]}
      run={(v) => m.mutateAsync({ clientId, origins: list(v.origins ?? "") })}
    />
  );
}

export function RevokeClientButton({ clientId }: { clientId: string }) {
  const t = useTranslations("console.clients");
  const m = trpc.admin.revokeClient.useMutation();
  return (
    <ActionDialog
      label={t("revoke")}
      title={t("revokeTitle", { clientId })}
      text={t("revokeText")}
      danger
      state={m}
      testId="revoke-client"
      submit={t("revoke")}
      run={() => m.mutateAsync({ clientId })}
    />
  );
}
