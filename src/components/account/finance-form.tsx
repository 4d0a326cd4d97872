"use client";

import type { FormEvent } from "react";
import { useTranslations } from "next-intl";
import type { UserAccount } from "@/server/domain/users/user-view";
import { CheckboxField, Field, SelectField } from "@/components/form/field";
import { FormStatus } from "@/components/form/form-status";
import { SubmitButton } from "@/components/form/submit-button";
import { formReader } from "@/components/form/read-form";
import { profileInputOf } from "./account-input";
import { useUpdateUser } from "./use-update-user";

/** The finance section of users.update: payment account, company (confirmed) and billing address. */
export function FinanceForm({ account, countries }: { account: UserAccount; countries: { value: string; label: string }[] }) {
  const t = useTranslations("account.finance");
  // the labels of the form's inputs, by the field path each sends; its FormStatus links to the invalid ones by them
  const LABELS = {
    "finance.paymentEmail": t("labels.paymentEmail"),
    "finance.companyName": t("labels.companyName"),
    "finance.vatNumber": t("labels.vatNumber"),
    "finance.taxCode": t("labels.taxCode"),
    "finance.companyConfirm": t("labels.companyConfirm"),
    "finance.billingAddress.street": t("labels.street"),
    "finance.billingAddress.zipCode": t("labels.zipCode"),
    "finance.billingAddress.city": t("labels.city"),
    "finance.billingAddress.state": t("labels.state"),
    "finance.billingAddress.country": t("labels.country"),
  };
  const { update, fieldErrors: e, error } = useUpdateUser(LABELS);
  const f = account.finance;
  const a = f.billingAddress;

  function submit(ev: FormEvent<HTMLFormElement>) {
    ev.preventDefault();
    const v = formReader(ev.currentTarget);
    update.mutate({
      profile: profileInputOf(account),
      finance: {
        paymentEmail: v.text("finance.paymentEmail"),
        companyName: v.text("finance.companyName"),
        companyConfirm: v.checked("finance.companyConfirm"),
        vatNumber: v.text("finance.vatNumber"),
        taxCode: v.text("finance.taxCode"),
        billingAddress: {
          street: v.text("finance.billingAddress.street"),
          zipCode: v.text("finance.billingAddress.zipCode"),
          city: v.text("finance.billingAddress.city"),
          country: v.text("finance.billingAddress.country"),
          state: v.text("finance.billingAddress.state"),
        },
      },
    });
  }

  return (
    <form method="post" onSubmit={submit} noValidate className="card">
      <FormStatus error={error} fieldErrors={e} labels={LABELS} success={update.isSuccess && t("saved")} />
      <fieldset>
        <legend>{t("payments")}</legend>
        <Field
          name="finance.paymentEmail"
          label={LABELS["finance.paymentEmail"]}
          type="email"
          defaultValue={f.paymentEmail ?? ""}
          hint={t("paymentEmailHint")}
          error={e["finance.paymentEmail"]}
        />
      </fieldset>
      <fieldset>
        <legend>{t("company")}</legend>
        <div className="form-grid">
          <Field
            name="finance.companyName"
            label={LABELS["finance.companyName"]}
            autoComplete="organization"
            defaultValue={f.companyName ?? ""}
            className="field--wide"
            error={e["finance.companyName"]}
          />
          <Field
            name="finance.vatNumber"
            label={LABELS["finance.vatNumber"]}
            defaultValue={f.vatNumber ?? ""}
            error={e["finance.vatNumber"]}
          />
          <Field name="finance.taxCode" label={LABELS["finance.taxCode"]} defaultValue={f.taxCode ?? ""} error={e["finance.taxCode"]} />
        </div>
        <CheckboxField
          name="finance.companyConfirm"
          label={LABELS["finance.companyConfirm"]}
          defaultChecked={!!f.companyName}
          hint={t("companyConfirmHint")}
          error={e["finance.companyConfirm"]}
        />
      </fieldset>
      <fieldset>
        <legend>{t("billing")}</legend>
        <div className="form-grid">
          <Field
            name="finance.billingAddress.street"
            label={LABELS["finance.billingAddress.street"]}
            autoComplete="street-address"
            defaultValue={a.street ?? ""}
            className="field--wide"
            error={e["finance.billingAddress.street"]}
          />
          <Field
            name="finance.billingAddress.zipCode"
            label={LABELS["finance.billingAddress.zipCode"]}
            autoComplete="postal-code"
            defaultValue={a.zipCode ?? ""}
            error={e["finance.billingAddress.zipCode"]}
          />
          <Field
            name="finance.billingAddress.city"
            label={LABELS["finance.billingAddress.city"]}
            autoComplete="address-level2"
            defaultValue={a.city ?? ""}
            error={e["finance.billingAddress.city"]}
          />
          <Field
            name="finance.billingAddress.state"
            label={LABELS["finance.billingAddress.state"]}
            autoComplete="address-level1"
            defaultValue={a.state ?? ""}
            error={e["finance.billingAddress.state"]}
          />
          <SelectField
            name="finance.billingAddress.country"
            label={LABELS["finance.billingAddress.country"]}
            autoComplete="country"
            options={[{ value: "", label: "—" }, ...countries]}
            defaultValue={a.country ?? ""}
            error={e["finance.billingAddress.country"]}
          />
        </div>
      </fieldset>
      <div className="actions">
        <SubmitButton pending={update.isPending}>{update.isPending ? t("saving") : t("submit")}</SubmitButton>
      </div>
    </form>
  );
}
