"use client";

import Link from "next/link";
import type { FormEvent } from "react";
import { useTranslations } from "next-intl";
import { FormStatus } from "@/components/form/form-status";
import { SubmitButton } from "@/components/form/submit-button";
import { errorsByInput, formReader } from "@/components/form/read-form";
import { errorMessageOf, fieldErrorsOf } from "@/components/trpc/errors";
import { trpc } from "@/components/trpc/react";
import { NewPasswordFields } from "./new-password-fields";

/** users.confirmRenew: the new password for the account of a renew token. */
export function RenewConfirmForm({ token, userCode }: { token: string; userCode: string }) {
  const t = useTranslations("renew");
  // the labels of the form's inputs, by the field path each sends; its FormStatus links to the invalid ones by them
  const LABELS = { newPassword: t("newPassword"), passwordConfirm: t("passwordConfirm") };
  const confirm = trpc.users.confirmRenew.useMutation();
  const errors = errorsByInput(fieldErrorsOf(confirm.error), LABELS);

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = formReader(e.currentTarget);
    confirm.mutate({ token, newPassword: f.text("newPassword"), passwordConfirm: f.text("passwordConfirm") });
  }

  if (confirm.isSuccess) {
    return (
      <div role="status">
        <p className="notice notice--success">{t("changed", { userCode })}</p>
        <Link className="button" href={`/login?${new URLSearchParams({ username: userCode })}`}>
          {t("logIn")}
        </Link>
      </div>
    );
  }

  return (
    <form method="post" onSubmit={submit} noValidate>
      <p>{t.rich("account", { userCode, strong: (chunks) => <strong>{chunks}</strong> })}</p>
      <FormStatus error={errorMessageOf(confirm.error)} fieldErrors={errors} labels={LABELS} />
      <input type="text" autoComplete="username" value={userCode} readOnly hidden aria-hidden="true" />
      <NewPasswordFields name="newPassword" labels={LABELS} errors={errors} hint={t("passwordHint")} />
      <div className="actions">
        <SubmitButton pending={confirm.isPending}>{t("set")}</SubmitButton>
      </div>
    </form>
  );
}
