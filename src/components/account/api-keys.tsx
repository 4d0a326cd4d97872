"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { ConfirmButton } from "@/components/confirm-button";
import { CheckboxGroupField, Field, TextAreaField } from "@/components/form/field";
import { SecretOnceButton } from "@/components/secret-once-button";
import { errorMessageOf } from "@/components/trpc/errors";
import { trpc } from "@/components/trpc/react";

const lines = (text: string) => text.split(/[\s,]+/).filter(Boolean);

/** A new API key (apiKeys.create): name, scopes, browser origins; the key is shown once, in the dialog. */
export function CreateApiKeyButton({ scopes }: { scopes: readonly string[] }) {
  const t = useTranslations("developers.keys");
  const create = trpc.apiKeys.create.useMutation();
  return (
    <SecretOnceButton
      label={t("create")}
      title={t("createTitle")}
      testId="create-api-key"
      state={create}
      labels={{ name: t("name"), scopes: t("scopes"), origins: t("origins") }}
      send={(form) => create.mutate({ name: form.text("name"), scopes: form.all("scopes"), origins: lines(form.text("origins")) })}
      fields={(errors) => (
        <>
          <Field name="name" label={t("name")} required maxLength={100} error={errors.name} />
          <CheckboxGroupField
            name="scopes"
            label={t("scopes")}
            hint={t("scopesHint")}
            options={scopes.map((s) => ({ value: s, label: s }))}
            error={errors.scopes}
          />
          <TextAreaField name="origins" label={t("origins")} hint={t("originsHint")} rows={2} error={errors.origins} />
        </>
      )}
      shown={(made) => ({
        message: t("created", { name: made.name }),
        secretLabel: t("key"),
        secret: made.key,
        secretTestId: "api-key-value",
        note: t("keyOnce"),
      })}
      done={t("done")}
    />
  );
}

/** Revokes a key (apiKeys.revoke): refused from the next request on. */
export function RevokeApiKeyButton({ keyId, name }: { keyId: string; name: string }) {
  const t = useTranslations("developers.keys");
  const router = useRouter();
  const revoke = trpc.apiKeys.revoke.useMutation({ onSuccess: () => router.refresh() });
  return (
    <>
      <ConfirmButton
        label={t("revoke")}
        about={name}
        title={t("revokeTitle", { name })}
        pending={revoke.isPending}
        onConfirm={() => revoke.mutate({ keyId })}
        testId="revoke-api-key"
      >
        <p>{t("revokeText")}</p>
      </ConfirmButton>
      {revoke.error && (
        <p className="field__error" role="alert">
          {errorMessageOf(revoke.error)}
        </p>
      )}
    </>
  );
}
