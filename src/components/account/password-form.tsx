"use client";

import { useState, type FormEvent } from "react";
import { signIn } from "next-auth/react";
import { useTranslations } from "next-intl";
import { Field } from "@/components/form/field";
import { FormStatus } from "@/components/form/form-status";
import { SubmitButton } from "@/components/form/submit-button";
import { errorsByInput, formReader } from "@/components/form/read-form";
import { errorMessageOf, fieldErrorsOf } from "@/components/trpc/errors";
import { trpc } from "@/components/trpc/react";
import { NewPasswordFields } from "./new-password-fields";

/**
 * users.updatePassword. The change ends every session, this one included, so the form logs in
 * again with the new password right away.
 */
export function PasswordForm({ userCode }: { userCode: string }) {
  const [done, setDone] = useState(false);
  const t = useTranslations("account.password");
  // the labels of the form's inputs, by the field path each sends; its FormStatus links to the invalid ones by them
  const LABELS = { currentPassword: t("current"), newPassword: t("new"), passwordConfirm: t("repeat") };
  const change = trpc.users.updatePassword.useMutation();
  const e = errorsByInput(fieldErrorsOf(change.error), LABELS);

  async function submit(ev: FormEvent<HTMLFormElement>) {
    ev.preventDefault();
    const form = ev.currentTarget;
    const f = formReader(form);
    const input = {
      currentPassword: f.text("currentPassword"),
      newPassword: f.text("newPassword"),
      passwordConfirm: f.text("passwordConfirm"),
    };
    setDone(false);
    try {
      await change.mutateAsync(input);
    } catch {
      return; // shown from change.error
    }
    const again = await signIn("credentials", { redirect: false, username: userCode, password: input.newPassword });
    if (!again?.ok || again.error) {
      window.location.assign(`/login?${new URLSearchParams({ username: userCode, callbackUrl: "/account/password" })}`);
      return;
    }
    form.reset();
    setDone(true);
  }

  return (
    <form method="post" onSubmit={submit} noValidate className="card">
      <h2>{t("title")}</h2>
      <FormStatus error={errorMessageOf(change.error)} fieldErrors={e} labels={LABELS} success={done && t("changed")} />
      <input type="text" autoComplete="username" value={userCode} readOnly hidden aria-hidden="true" />
      <Field
        name="currentPassword"
        label={LABELS.currentPassword}
        type="password"
        autoComplete="current-password"
        required
        error={e.currentPassword}
      />
      <div className="form-grid">
        <NewPasswordFields name="newPassword" labels={LABELS} errors={e} hint={t("hint")} />
      </div>
      <div className="actions">
        <SubmitButton pending={change.isPending}>{t("submit")}</SubmitButton>
      </div>
    </form>
  );
}
