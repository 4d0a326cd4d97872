"use client";

import type { FormEvent } from "react";
import { useTranslations } from "next-intl";
import type { UserAccount } from "@/server/domain/users/user-view";
import { Field, SelectField, TextAreaField } from "@/components/form/field";
import { FormStatus } from "@/components/form/form-status";
import { SubmitButton } from "@/components/form/submit-button";
import { formReader } from "@/components/form/read-form";
import { isoDay } from "@/lib/format";
import { profileInputOf } from "./account-input";
import { languageOptions } from "./languages";
import { useUpdateUser } from "./use-update-user";

/** The profile section of users.update: personal data and the public page. */
export function ProfileForm({ account }: { account: UserAccount }) {
  const t = useTranslations("account.profile");
  // the labels of the form's inputs, by the field path each sends; its FormStatus links to the invalid ones by them
  const LABELS = {
    "profile.firstName": t("labels.firstName"),
    "profile.lastName": t("labels.lastName"),
    "profile.email": t("labels.email"),
    "profile.birthDate": t("labels.birthDate"),
    "profile.language": t("labels.language"),
    "profile.pageTitle": t("labels.pageTitle"),
    "profile.pageDescription": t("labels.pageDescription"),
    "profile.socialUrl1": t("labels.socialUrl1"),
    "profile.socialUrl2": t("labels.socialUrl2"),
    "profile.socialContact": t("labels.socialContact"),
  };
  const { update, fieldErrors: e, error } = useUpdateUser(LABELS);
  const p = account.profile;

  function submit(ev: FormEvent<HTMLFormElement>) {
    ev.preventDefault();
    update.mutate({ profile: profileInputOf(account, formReader(ev.currentTarget)) });
  }

  return (
    <form method="post" onSubmit={submit} noValidate className="card">
      <FormStatus error={error} fieldErrors={e} labels={LABELS} success={update.isSuccess && t("saved")} />
      <fieldset>
        <legend>{t("personal")}</legend>
        <div className="form-grid">
          <Field
            name="profile.firstName"
            label={LABELS["profile.firstName"]}
            autoComplete="given-name"
            defaultValue={p.firstName}
            required
            error={e["profile.firstName"]}
          />
          <Field
            name="profile.lastName"
            label={LABELS["profile.lastName"]}
            autoComplete="family-name"
            defaultValue={p.lastName}
            required
            error={e["profile.lastName"]}
          />
          <Field
            name="profile.email"
            label={LABELS["profile.email"]}
            type="email"
            autoComplete="email"
            defaultValue={p.email}
            required
            error={e["profile.email"]}
          />
          <Field
            name="profile.birthDate"
            label={LABELS["profile.birthDate"]}
            type="date"
            autoComplete="bday"
            defaultValue={isoDay(p.birthDate)}
            required
            error={e["profile.birthDate"]}
          />
          <SelectField
            name="profile.language"
            label={LABELS["profile.language"]}
            options={languageOptions(p.language)}
            defaultValue={p.language}
            error={e["profile.language"]}
            hint={t("languageHint")}
          />
        </div>
      </fieldset>
      <fieldset>
        <legend>{t("publicPage")}</legend>
        <div className="form-grid">
          <Field
            name="profile.pageTitle"
            label={LABELS["profile.pageTitle"]}
            defaultValue={p.pageTitle ?? ""}
            className="field--wide"
            error={e["profile.pageTitle"]}
          />
          <TextAreaField
            name="profile.pageDescription"
            label={LABELS["profile.pageDescription"]}
            defaultValue={p.pageDescription ?? ""}
            className="field--wide"
            error={e["profile.pageDescription"]}
          />
          <Field
            name="profile.socialUrl1"
            label={LABELS["profile.socialUrl1"]}
            type="url"
            placeholder="https://"
            defaultValue={p.socialUrl1 ?? ""}
            error={e["profile.socialUrl1"]}
          />
          <Field
            name="profile.socialUrl2"
            label={LABELS["profile.socialUrl2"]}
            type="url"
            placeholder="https://"
            defaultValue={p.socialUrl2 ?? ""}
            error={e["profile.socialUrl2"]}
          />
          <Field
            name="profile.socialContact"
            label={LABELS["profile.socialContact"]}
            defaultValue={p.socialContact ?? ""}
            error={e["profile.socialContact"]}
            hint={t("contactHint")}
          />
        </div>
      </fieldset>
      <div className="actions">
        <SubmitButton pending={update.isPending}>{update.isPending ? t("saving") : t("submit")}</SubmitButton>
      </div>
    </form>
  );
}
