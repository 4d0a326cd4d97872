"use client";

import type { FormEvent } from "react";
import type { UserAccount } from "@/server/domain/users/user-view";
import { CheckboxField, Field, SelectField } from "@/components/form/field";
import { FormStatus } from "@/components/form/form-status";
import { SubmitButton } from "@/components/form/submit-button";
import { formReader } from "@/components/form/read-form";
import { profileInputOf } from "./account-input";
import { useUpdateUser } from "./use-update-user";

/** The labels of the form's inputs, by the field path each sends; its FormStatus links to the invalid ones by them. */
const LABELS = {
  "finance.paymentEmail": "Payment account email",
  "finance.companyName": "Company name",
  "finance.vatNumber": "VAT number",
  "finance.taxCode": "Tax code",
  "finance.companyConfirm": "I confirm I am entitled to act for this company",
  "finance.billingAddress.street": "Street",
  "finance.billingAddress.zipCode": "ZIP code",
  "finance.billingAddress.city": "City",
  "finance.billingAddress.state": "State or province",
  "finance.billingAddress.country": "Country",
};

/** The finance section of users.update: payment account, company (confirmed) and billing address. */
export function FinanceForm({ account, countries }: { account: UserAccount; countries: { value: string; label: string }[] }) {
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
      <FormStatus error={error} fieldErrors={e} labels={LABELS} success={update.isSuccess && "Finance details saved."} />
      <fieldset>
        <legend>Payments</legend>
        <Field
          name="finance.paymentEmail"
          label={LABELS["finance.paymentEmail"]}
          type="email"
          defaultValue={f.paymentEmail ?? ""}
          hint="The account at the payment provider where your sales are paid. Needed before you sell content."
          error={e["finance.paymentEmail"]}
        />
      </fieldset>
      <fieldset>
        <legend>Company and tax</legend>
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
          hint="Required when a company name is given."
          error={e["finance.companyConfirm"]}
        />
      </fieldset>
      <fieldset>
        <legend>Billing address</legend>
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
        <SubmitButton pending={update.isPending}>{update.isPending ? "Saving…" : "Save finance details"}</SubmitButton>
      </div>
    </form>
  );
}
