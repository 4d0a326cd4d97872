"use client";

import Link from "next/link";
import type { FormEvent } from "react";
import { useLocale, useTranslations } from "next-intl";
import { CheckboxField, Field, SelectField } from "@/components/form/field";
import { FormStatus } from "@/components/form/form-status";
import { SubmitButton } from "@/components/form/submit-button";
import { errorsByInput, formReader } from "@/components/form/read-form";
import { LANGUAGE_OPTIONS } from "@/components/account/languages";
import { errorMessageOf, fieldErrorsOf } from "@/components/trpc/errors";
import { trpc } from "@/components/trpc/react";
import { NewPasswordFields } from "./new-password-fields";

/** users.register with every field of the operation; the activation link points back at this site. */
export function RegisterForm({ outbox }: { outbox: boolean }) {
  const t = useTranslations("register");
  const locale = useLocale();
  // the labels of the form's inputs, by the field path each sends; its FormStatus links to the invalid ones by them
  const LABELS = {
    userCode: t("labels.userCode"),
    firstName: t("labels.firstName"),
    lastName: t("labels.lastName"),
    email: t("labels.email"),
    birthDate: t("labels.birthDate"),
    password: t("labels.password"),
    passwordConfirm: t("labels.passwordConfirm"),
    language: t("labels.language"),
    conditionsAccepted: t("labels.conditionsAccepted"),
  };
  // what the form sends without an input: its FormStatus says an error on it in these words
  const SENT_WITHOUT_INPUT = { activationUrl: t("labels.activationUrl") };
  const register = trpc.users.register.useMutation();
  const errors = errorsByInput(fieldErrorsOf(register.error), LABELS);

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    // ${token} is a placeholder the server replaces with the activation token
    const f = formReader(e.currentTarget);
    register.mutate({
      userCode: f.text("userCode"),
      password: f.text("password"),
      passwordConfirm: f.text("passwordConfirm"),
      firstName: f.text("firstName"),
      lastName: f.text("lastName"),
      birthDate: f.text("birthDate"),
      email: f.text("email"),
      language: f.text("language"),
      conditionsAccepted: f.checked("conditionsAccepted"),
      activationUrl: window.location.origin + "/activate?token=${token}",
    });
  }

  if (register.data) {
    return (
      <div role="status">
        <h2>{t("checkMail")}</h2>
        <p>
          {t.rich("sent", {
            email: register.data.profile.email,
            userCode: register.data.userCode,
            strong: (chunks) => <strong>{chunks}</strong>,
          })}
        </p>
        {outbox && <p>{t.rich("outbox", { outbox: (chunks) => <Link href="/dev/outbox">{chunks}</Link> })}</p>}
      </div>
    );
  }

  return (
    <form method="post" onSubmit={submit} noValidate>
      <FormStatus error={errorMessageOf(register.error)} fieldErrors={errors} labels={LABELS} sentWithoutInput={SENT_WITHOUT_INPUT} />
      <div className="form-grid">
        <Field
          name="userCode"
          label={LABELS.userCode}
          autoComplete="username"
          required
          className="field--wide"
          hint={t("userCodeHint")}
          error={errors.userCode}
        />
        <Field name="firstName" label={LABELS.firstName} autoComplete="given-name" required error={errors.firstName} />
        <Field name="lastName" label={LABELS.lastName} autoComplete="family-name" required error={errors.lastName} />
        <Field name="email" label={LABELS.email} type="email" autoComplete="email" required error={errors.email} />
        <Field name="birthDate" label={LABELS.birthDate} type="date" autoComplete="bday" required error={errors.birthDate} />
        <NewPasswordFields name="password" labels={LABELS} errors={errors} hint={t("passwordHint")} />
        <SelectField
          name="language"
          label={LABELS.language}
          options={LANGUAGE_OPTIONS}
          defaultValue={locale}
          required
          error={errors.language}
        />
      </div>
      <CheckboxField
        name="conditionsAccepted"
        label={t.rich("accept", {
          terms: (chunks) => (
            <Link href="/terms" target="_blank">
              {chunks}
            </Link>
          ),
        })}
        error={errors.conditionsAccepted}
      />
      <div className="actions">
        <SubmitButton pending={register.isPending}>{register.isPending ? t("submitting") : t("submit")}</SubmitButton>
      </div>
    </form>
  );
}
