"use client";

import type { FormEvent } from "react";
import { useTranslations } from "next-intl";
import type { UserAccount } from "@/server/domain/users/user-view";
import { CheckboxField, Field } from "@/components/form/field";
import { FormStatus } from "@/components/form/form-status";
import { SubmitButton } from "@/components/form/submit-button";
import { formReader } from "@/components/form/read-form";
import { profileInputOf } from "./account-input";
import { useUpdateUser } from "./use-update-user";

/** The features section of users.update. */
export function FeaturesForm({ account }: { account: UserAccount }) {
  const t = useTranslations("account.features");
  // the labels of the form's inputs, by the field path each sends; its FormStatus links to the invalid ones by them
  const LABELS = {
    "features.transcoderNotifyEnabled": t("labels.transcoderNotifyEnabled"),
    "features.vodPublic": t("labels.vodPublic"),
    "features.livePassword": t("labels.livePassword"),
  };
  const { update, fieldErrors: e, error } = useUpdateUser(LABELS);
  const f = account.features;

  function submit(ev: FormEvent<HTMLFormElement>) {
    ev.preventDefault();
    const v = formReader(ev.currentTarget);
    update.mutate({
      profile: profileInputOf(account),
      features: {
        transcoderNotifyEnabled: v.checked("features.transcoderNotifyEnabled"),
        vodPublic: v.checked("features.vodPublic"),
        livePassword: v.text("features.livePassword"),
      },
    });
  }

  return (
    <form method="post" onSubmit={submit} noValidate className="card">
      <FormStatus error={error} fieldErrors={e} labels={LABELS} success={update.isSuccess && t("saved")} />
      <CheckboxField
        name="features.transcoderNotifyEnabled"
        label={LABELS["features.transcoderNotifyEnabled"]}
        defaultChecked={f.transcoderNotifyEnabled}
        error={e["features.transcoderNotifyEnabled"]}
      />
      <CheckboxField
        name="features.vodPublic"
        label={LABELS["features.vodPublic"]}
        defaultChecked={f.vodPublic}
        error={e["features.vodPublic"]}
      />
      <Field
        name="features.livePassword"
        label={LABELS["features.livePassword"]}
        autoComplete="off"
        type="password"
        defaultValue=""
        hint={account.livePasswordSet ? t("livePasswordSet") : t("livePasswordHint")}
        error={e["features.livePassword"]}
      />
      <div className="actions">
        <SubmitButton pending={update.isPending}>{update.isPending ? t("saving") : t("submit")}</SubmitButton>
      </div>
    </form>
  );
}
