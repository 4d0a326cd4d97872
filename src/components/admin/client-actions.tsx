"use client";

import { useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { Dialog } from "@/components/dialog";
import { Field, TextAreaField } from "@/components/form/field";
import { FormStatus } from "@/components/form/form-status";
import { formReader } from "@/components/form/read-form";
import { FormActions } from "@/components/form/submit-button";
import { CopyField } from "@/components/share/copy-field";
import { errorMessageOf, fieldErrorsOf } from "@/components/trpc/errors";
import { trpc } from "@/components/trpc/react";
import { ActionDialog } from "./action-dialog";

const list = (text: string) => text.split(/[\s,]+/).filter(Boolean);

/** A new confidential OAuth client (admin.createClient): its secret is shown once, in the dialog. */
export function CreateClientButton() {
  const t = useTranslations("console.clients");
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const create = trpc.admin.createClient.useMutation();
  const fieldErrors = fieldErrorsOf(create.error);
  const labels = { clientId: t("clientId"), name: t("name"), grants: t("grants"), origins: t("origins") };
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = formReader(e.currentTarget);
    create.mutate({
      clientId: form.text("clientId"),
      name: form.text("name"),
      grants: list(form.text("grants")),
      origins: list(form.text("origins")),
    });
  }
  function close() {
    setOpen(false);
    if (create.isSuccess) router.refresh();
  }
  return (
    <>
      <button
        type="button"
        className="button"
        onClick={() => {
          create.reset();
          setOpen(true);
        }}
        data-testid="create-client"
      >
        {t("create")}
      </button>
      {open && (
        <Dialog title={t("createTitle")} onClose={close} testId="create-client-dialog">
          {create.data ? (
            <div role="status">
              <p>{t("created", { clientId: create.data.id })}</p>
              <CopyField label={t("secret")} value={create.data.secret} testId="client-secret" />
              <p className="muted">{t("secretOnce")}</p>
              <div className="actions">
                <button type="button" className="button" onClick={close}>
                  {t("done")}
                </button>
              </div>
            </div>
          ) : (
            <form onSubmit={submit} noValidate>
              <FormStatus
                error={Object.keys(fieldErrors).length ? undefined : errorMessageOf(create.error)}
                fieldErrors={fieldErrors}
                labels={labels}
              />
              <Field name="clientId" label={t("clientId")} required error={fieldErrors.clientId} />
              <Field name="name" label={t("name")} required error={fieldErrors.name} />
              <Field
                name="grants"
                label={t("grants")}
                defaultValue="client_credentials password refresh_token"
                error={fieldErrors.grants}
              />
              <TextAreaField name="origins" label={t("origins")} hint={t("originsHint")} rows={3} error={fieldErrors.origins} />
              <FormActions pending={create.isPending} submit={t("create")} onCancel={close} />
            </form>
          )}
        </Dialog>
      )}
    </>
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
