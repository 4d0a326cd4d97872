"use client";

import Link from "next/link";
import type { FormEvent } from "react";
import { useTranslations } from "next-intl";
import { Field } from "@/components/form/field";
import { FormStatus } from "@/components/form/form-status";
import { SubmitButton } from "@/components/form/submit-button";
import { errorMessageOf, fieldErrorsOf } from "@/components/trpc/errors";
import { trpc } from "@/components/trpc/react";

/** users.requestRenew: by username or by email; the mail's link comes back to /renew?token=... */
export function RenewRequestForm({ outbox }: { outbox: boolean }) {
  const t = useTranslations("renew");
  const tr = useTranslations("register");
  // the labels of the form's inputs, by the field path each sends; its FormStatus links to the invalid ones by them
  const LABELS = { identity: t("identity") };
  // what the form sends without an input: its FormStatus says an error on it in these words
  const SENT_WITHOUT_INPUT = { confirmationUrl: t("confirmationUrl") };
  const request = trpc.users.requestRenew.useMutation();
  // the operation takes userCode or email (body: neither given); the form has one input for both
  const { userCode, email, body, ...errors } = fieldErrorsOf(request.error);
  const identityError = userCode ?? email ?? body;
  if (identityError) errors.identity = identityError;

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const identity = String(new FormData(e.currentTarget).get("identity") ?? "").trim();
    // ${token} is a placeholder the server replaces with the renew token
    const confirmationUrl = window.location.origin + "/renew?token=${token}";
    request.mutate(identity.includes("@") ? { email: identity, confirmationUrl } : { userCode: identity, confirmationUrl });
  }

  if (request.isSuccess) {
    return (
      <div role="status">
        <h2>{t("checkMail")}</h2>
        <p>{t("sent")}</p>
        {outbox && <p>{tr.rich("outbox", { outbox: (chunks) => <Link href="/dev/outbox">{chunks}</Link> })}</p>}
      </div>
    );
  }

  return (
    <form method="post" onSubmit={submit} noValidate>
      <FormStatus error={errorMessageOf(request.error)} fieldErrors={errors} labels={LABELS} sentWithoutInput={SENT_WITHOUT_INPUT} />
      <Field name="identity" label={LABELS.identity} autoComplete="username" required error={identityError} />
      <div className="actions">
        <SubmitButton pending={request.isPending}>{t("send")}</SubmitButton>
      </div>
    </form>
  );
}
