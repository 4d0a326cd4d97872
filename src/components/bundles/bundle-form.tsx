"use client";

import type { FormEvent } from "react";
import { useTranslations } from "next-intl";
import type { BundleView } from "@/server/domain/bundles/bundle-view";
import type { DurationUnit } from "@/generated/prisma/enums";
import { moneyIn } from "@/lib/wire";
import { Field, SelectField, TextAreaField } from "@/components/form/field";
import { FormStatus } from "@/components/form/form-status";
import { FormActions } from "@/components/form/submit-button";
import { errorsByInput, formReader } from "@/components/form/read-form";
import { errorMessageOf, fieldErrorsOf } from "@/components/trpc/errors";
import { splitTags } from "@/lib/tags";
import { trpc } from "@/components/trpc/react";

type T = ReturnType<typeof useTranslations<"bundlesPortal.form">>;

const unitOptions = (t: T): { value: DurationUnit; label: string }[] => [
  { value: "DAYS", label: t("days") },
  { value: "MONTHS", label: t("months") },
  { value: "YEARS", label: t("years") },
];

/** The labels of the form's inputs, by the field path each sends (the price's names the currency). */
const labelsFor = (currency: string, t: T) => ({
  name: t("name"),
  price: t("price", { currency }),
  duration: t("duration"),
  durationUnit: t("durationUnit"),
  description: t("description"),
  tags: t("tags"),
});

/**
 * A bundle's name, price per period, period (a number of days, months or years from activation),
 * description and tags: creates one, or saves one (bundles.update sends every field: what is left
 * empty is cleared). The server checks everything; its field errors are said under the fields.
 */
export function BundleForm({
  bundle,
  currency,
  onSaved,
  onCancel,
}: {
  bundle?: BundleView;
  currency: string;
  onSaved: (bundle: BundleView) => void;
  onCancel?: () => void;
}) {
  const t = useTranslations("bundlesPortal.form");
  const utils = trpc.useUtils();
  const done = async (saved: BundleView) => {
    await Promise.all([utils.bundles.search.invalidate(), utils.bundles.items.invalidate({ bundleId: saved.bundleId })]);
    onSaved(saved);
  };
  const create = trpc.bundles.create.useMutation({ onSuccess: done });
  const update = trpc.bundles.update.useMutation({ onSuccess: done });
  const mutation = bundle ? update : create;

  function submit(ev: FormEvent<HTMLFormElement>) {
    ev.preventDefault();
    const form = formReader(ev.currentTarget);
    const fields = {
      name: form.text("name"),
      // "2,50" and "2.50" as the REST layer reads them; what is no amount goes as typed, for the server to refuse
      price: moneyIn(form.text("price")) as number,
      duration: form.text("duration") as unknown as number,
      durationUnit: form.text("durationUnit") as DurationUnit,
      description: form.text("description"),
      thumbnailId: bundle?.thumbnailId,
      tags: splitTags(form.text("tags")),
    };
    if (bundle) update.mutate({ bundleId: bundle.bundleId, ...fields });
    else create.mutate(fields);
  }

  const labels = labelsFor(currency, t);
  const e = errorsByInput(fieldErrorsOf(mutation.error), labels);
  return (
    <form method="post" onSubmit={submit} noValidate className="bundle-form" aria-label={bundle ? t("editLabel") : t("createLabel")}>
      <FormStatus error={errorMessageOf(mutation.error)} fieldErrors={e} labels={labels} />
      <Field name="name" label={labels.name} required defaultValue={bundle?.name} error={e.name} maxLength={200} />
      <Field
        name="price"
        label={labels.price}
        required
        inputMode="decimal"
        autoComplete="off"
        placeholder="9,90"
        defaultValue={bundle ? (bundle.priceCents / 100).toFixed(2) : ""}
        className="field--price"
        error={e.price}
        hint={t("priceHint")}
      />
      <div className="bundle-form__period">
        <Field
          name="duration"
          label={labels.duration}
          required
          type="number"
          min={1}
          step={1}
          inputMode="numeric"
          defaultValue={bundle?.duration ?? 1}
          error={e.duration}
          hint={t("durationHint")}
        />
        <SelectField
          name="durationUnit"
          label={labels.durationUnit}
          required
          defaultValue={bundle?.durationUnit ?? "MONTHS"}
          options={unitOptions(t)}
          error={e.durationUnit}
        />
      </div>
      <TextAreaField name="description" label={labels.description} rows={3} defaultValue={bundle?.description} error={e.description} />
      <Field name="tags" label={labels.tags} defaultValue={bundle?.tags.join(", ")} error={e.tags} hint={t("tagsHint")} />
      <FormActions pending={mutation.isPending} submit={bundle ? t("save") : t("create")} onCancel={onCancel} />
    </form>
  );
}
