"use client";

import { useState, type FormEvent } from "react";
import { signIn } from "next-auth/react";
import { Field } from "@/components/form/field";
import { FormStatus } from "@/components/form/form-status";
import { SubmitButton } from "@/components/form/submit-button";

/** Username (or email) and password through next-auth's credentials provider. */
export function LoginForm({ callbackUrl, defaultUsername }: { callbackUrl: string; defaultUsername: string }) {
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    setBusy(true);
    setError(undefined);
    const result = await signIn("credentials", {
      redirect: false,
      username: String(data.get("username")),
      password: String(data.get("password")),
    });
    if (result?.ok && !result.error) {
      // a full load, so every server component renders with the new session
      window.location.assign(callbackUrl);
      return;
    }
    setBusy(false);
    setError(!result?.error || result.error === "CredentialsSignin" ? "Wrong username or password." : result.error);
  }

  return (
    <form method="post" onSubmit={submit} noValidate>
      <FormStatus error={error} />
      <Field name="username" label="Username or email" autoComplete="username" defaultValue={defaultUsername} required />
      <Field name="password" label="Password" type="password" autoComplete="current-password" required />
      <div className="actions">
        <SubmitButton pending={busy}>{busy ? "Logging in…" : "Log in"}</SubmitButton>
      </div>
    </form>
  );
}
