"use client";

import type { FormEvent } from "react";
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
  const { update, fieldErrors: e, error } = useUpdateUser();
  const p = account.profile;

  function submit(ev: FormEvent<HTMLFormElement>) {
    ev.preventDefault();
    update.mutate({ profile: profileInputOf(account, formReader(ev.currentTarget)) });
  }

  return (
    <form method="post" onSubmit={submit} noValidate className="card">
      <FormStatus error={error} fieldErrors={e} success={update.isSuccess && "Profile saved."} />
      <fieldset>
        <legend>Personal data</legend>
        <div className="form-grid">
          <Field
            name="profile.firstName"
            label="First name"
            autoComplete="given-name"
            defaultValue={p.firstName}
            required
            error={e["profile.firstName"]}
          />
          <Field
            name="profile.lastName"
            label="Last name"
            autoComplete="family-name"
            defaultValue={p.lastName}
            required
            error={e["profile.lastName"]}
          />
          <Field
            name="profile.email"
            label="Email"
            type="email"
            autoComplete="email"
            defaultValue={p.email}
            required
            error={e["profile.email"]}
          />
          <Field
            name="profile.birthDate"
            label="Date of birth"
            type="date"
            autoComplete="bday"
            defaultValue={isoDay(p.birthDate)}
            required
            error={e["profile.birthDate"]}
          />
          <SelectField
            name="profile.language"
            label="Language"
            options={languageOptions(p.language)}
            defaultValue={p.language}
            error={e["profile.language"]}
            hint="Language of the mails you receive."
          />
        </div>
      </fieldset>
      <fieldset>
        <legend>Public page</legend>
        <div className="form-grid">
          <Field
            name="profile.pageTitle"
            label="Page title"
            defaultValue={p.pageTitle ?? ""}
            className="field--wide"
            error={e["profile.pageTitle"]}
          />
          <TextAreaField
            name="profile.pageDescription"
            label="Description"
            defaultValue={p.pageDescription ?? ""}
            className="field--wide"
            error={e["profile.pageDescription"]}
          />
          <Field
            name="profile.socialUrl1"
            label="Social profile 1"
            type="url"
            placeholder="https://"
            defaultValue={p.socialUrl1 ?? ""}
            error={e["profile.socialUrl1"]}
          />
          <Field
            name="profile.socialUrl2"
            label="Social profile 2"
            type="url"
            placeholder="https://"
            defaultValue={p.socialUrl2 ?? ""}
            error={e["profile.socialUrl2"]}
          />
          <Field
            name="profile.socialContact"
            label="Social contact"
            defaultValue={p.socialContact ?? ""}
            error={e["profile.socialContact"]}
            hint="A handle or address where people can reach you."
          />
        </div>
      </fieldset>
      <div className="actions">
        <SubmitButton pending={update.isPending}>{update.isPending ? "Saving…" : "Save profile"}</SubmitButton>
      </div>
    </form>
  );
}
