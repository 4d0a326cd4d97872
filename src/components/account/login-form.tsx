"use client";

import { useState, type FormEvent } from "react";
import { signIn } from "next-auth/react";
import { useTranslations } from "next-intl";
import { Field } from "@/components/form/field";
import { FormStatus } from "@/components/form/form-status";
import { SubmitButton } from "@/components/form/submit-button";
import { formReader } from "@/components/form/read-form";

/** Username (or email) and password through next-auth's credentials provider. */
export function LoginForm({ callbackUrl, defaultUsername }: { callbackUrl: string; defaultUsername: string }) {
  const [error, setError] = useState<string>();
  const [missing, setMissing] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const t = useTranslations("login");
  // the labels of the form's inputs, by the field path each sends; its FormStatus links to the invalid ones by them
  const LABELS = { username: t("username"), password: t("password") };

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = formReader(e.currentTarget);
    const credentials = { username: form.text("username").trim(), password: form.text("password") };
    setError(undefined);
    // an empty field is not a wrong password: say what is missing, without asking the server
    const empty = Object.fromEntries(Object.entries(credentials).flatMap(([name, value]) => (value ? [] : [[name, t("required")]])));
    setMissing(empty);
    if (Object.keys(empty).length > 0) return;
    setBusy(true);
    const result = await signIn("credentials", { redirect: false, ...credentials });
    if (result?.ok && !result.error) {
      // a full load, so every server component renders with the new session
      window.location.assign(callbackUrl);
      return;
    }
    setBusy(false);
    setError(!result?.error || result.error === "CredentialsSignin" ? t("wrong") : result.error);
  }

  return (
    <form method="post" onSubmit={submit} noValidate>
      <FormStatus error={error} fieldErrors={missing} labels={LABELS} />
      <Field
        name="username"
        label={LABELS.username}
        autoComplete="username"
        defaultValue={defaultUsername}
        required
        error={missing.username}
      />
      <Field name="password" label={LABELS.password} type="password" autoComplete="current-password" required error={missing.password} />
      <div className="actions">
        <SubmitButton pending={busy}>{busy ? t("submitting") : t("submit")}</SubmitButton>
      </div>
    </form>
  );
}
