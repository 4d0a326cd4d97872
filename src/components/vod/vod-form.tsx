"use client";

import { useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import type { BoxItemView } from "@/server/domain/box/box-item-view";
import type { VodItemView } from "@/server/domain/vod/vod-item-view";
import type { CcType, VodLicenseType } from "@/generated/prisma/enums";
import { moneyIn } from "@/lib/wire";
import { CheckboxField, Field, RadioGroupField, SelectField } from "@/components/form/field";
import { FormStatus } from "@/components/form/form-status";
import { SubmitButton } from "@/components/form/submit-button";
import { errorsByInput, formReader } from "@/components/form/read-form";
import { CC_LICENSES, CC_TYPES } from "@/lib/creative-commons";
import { isoDay } from "@/lib/format";
import { errorMessageOf, fieldErrorsOf } from "@/components/trpc/errors";
import { trpc } from "@/components/trpc/react";
import { BoxItemPicker } from "./box-item-picker";

/** Publish a box item (the one chosen on the Box page, else one picked in the form), or edit a vod. */
export type VodFormTarget = { mode: "publish"; item?: BoxItemView } | { mode: "edit"; vod: VodItemView };

type T = ReturnType<typeof useTranslations<"vodPortal.form">>;

/** The license types a creator publishes under here (a vod joins a bundle from the bundle's page, Bundles). */
const licenseOptions = (t: T): { value: VodLicenseType; label: string; hint: string }[] => [
  { value: "FREE", label: t("free"), hint: t("freeHint") },
  { value: "CREATIVE_COMMONS", label: t("cc"), hint: t("ccHint") },
  { value: "PAY_PER_VIEW", label: t("ppv"), hint: t("ppvHint") },
];

const bundleOption = (name: string, t: T) => ({
  value: "CONTENT_BUNDLE" as const,
  label: t("inBundle"),
  hint: t("inBundleHint", { name }),
});

/** The labels of the form's inputs, by the field path each sends (the price's names the currency). */
function labelsFor(currency: string, t: T) {
  return {
    boxId: t("labels.boxId"),
    licenseType: t("labels.licenseType"),
    ccType: t("labels.ccType"),
    pricePerView: t("labels.pricePerView", { currency }),
    public: t("labels.public"),
    expirationDate: t("labels.expirationDate"),
  };
}

/** A price in cents as the price input shows it: 250 -> "2.50". */
const priceText = (cents: number | undefined) => (cents === undefined ? "" : (cents / 100).toFixed(2));

/**
 * The typed price read as the REST layer reads it ("2,50" and "2.50" -> 2.5). A text that is no
 * amount goes as typed: the server's schema refuses it, and its field error is said under the input.
 */
const priceIn = (text: string) => moneyIn(text) as number;

/**
 * How a content is published: the license type, and only the one condition that type takes (the
 * Creative Commons license, or the price in the instance's currency, "2,50" or "2.50"), whether it
 * is public, and an optional last day. The server checks everything; its field errors are said under
 * the fields.
 */
export function VodForm({
  target,
  currency,
  onPublished,
  onSaved,
  onCancel,
}: {
  target: VodFormTarget;
  currency: string;
  onPublished: (vod: VodItemView) => void;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const t = useTranslations("vodPortal.form");
  const tc = useTranslations("vodPortal.cc");
  const vod = target.mode === "edit" ? target.vod : undefined;
  const [licenseType, setLicenseType] = useState<VodLicenseType>(vod?.licenseType ?? "FREE");
  const [ccType, setCcType] = useState<CcType | "">(vod?.ccType ?? "");
  const [price, setPrice] = useState(priceText(vod?.pricePerViewCents));
  const [pickError, setPickError] = useState<string>();
  // a vod of a bundle keeps its bundle unless another license is chosen
  const options = vod?.bundle ? [...licenseOptions(t), bundleOption(vod.bundle.name, t)] : licenseOptions(t);
  const utils = trpc.useUtils();
  // the box item's vodCount changes too
  const refresh = () => Promise.all([utils.vod.search.invalidate(), utils.box.search.invalidate()]);
  const publish = trpc.vod.publish.useMutation({
    onSuccess: async (published) => {
      await refresh();
      onPublished(published);
    },
  });
  const update = trpc.vod.update.useMutation({
    onSuccess: async () => {
      await refresh();
      onSaved();
    },
  });
  const mutation = vod ? update : publish;

  function chooseLicense(value: string) {
    setLicenseType(value as VodLicenseType);
    // the errors of the fields of another license type are of fields no longer shown
    mutation.reset();
  }

  /** The date input's yyyy-MM-dd (valid or empty) as the UTC day the procedure takes. */
  const dayOf = (text: string | undefined): Date | undefined => (text ? new Date(`${text}T00:00:00Z`) : undefined);

  function submit(ev: FormEvent<HTMLFormElement>) {
    ev.preventDefault();
    const form = formReader(ev.currentTarget);
    const fields = {
      licenseType,
      ccType: licenseType === "CREATIVE_COMMONS" ? ccType || undefined : undefined,
      pricePerView: licenseType === "PAY_PER_VIEW" ? priceIn(price) : undefined,
      bundleId: licenseType === "CONTENT_BUNDLE" ? vod?.bundleId : undefined,
      public: form.checked("public"),
      expirationDate: dayOf(form.text("expirationDate")),
    };
    if (vod) return update.mutate({ vodId: vod.vodId, ...fields });
    const boxId = target.mode === "publish" && target.item ? target.item.boxId : form.text("boxId");
    setPickError(boxId ? undefined : t("choosePick"));
    publish.reset();
    if (boxId) publish.mutate({ boxId, ...fields });
  }

  const labels = labelsFor(currency, t);
  const e: Record<string, string> = { ...errorsByInput(fieldErrorsOf(mutation.error), labels), ...(pickError ? { boxId: pickError } : {}) };
  const cc = ccType ? CC_LICENSES[ccType] : undefined;
  return (
    <form method="post" onSubmit={submit} noValidate className="vod-form" aria-label={vod ? t("editLabel") : t("publish")}>
      <FormStatus error={errorMessageOf(mutation.error)} fieldErrors={e} labels={labels} />
      {target.mode === "publish" && !target.item && <BoxItemPicker label={labels.boxId} error={e.boxId} />}
      <RadioGroupField
        name="licenseType"
        label={labels.licenseType}
        options={options}
        value={licenseType}
        onChange={chooseLicense}
        error={e.licenseType}
      />
      {licenseType === "CREATIVE_COMMONS" && (
        <SelectField
          name="ccType"
          label={labels.ccType}
          required
          value={ccType}
          onChange={(ev) => setCcType(ev.target.value as CcType | "")}
          options={[
            { value: "", label: t("chooseLicense") },
            ...CC_TYPES.map((c) => ({ value: c, label: `${CC_LICENSES[c].code} · ${tc(`${c}.name`)}` })),
          ]}
          error={e.ccType}
          hint={
            cc ? (
              <>
                {tc(`${ccType as CcType}.summary`)}{" "}
                <a href={cc.url} target="_blank" rel="noopener noreferrer">
                  {t("readLicense")}
                </a>
              </>
            ) : (
              t("ccTypeHint")
            )
          }
        />
      )}
      {licenseType === "PAY_PER_VIEW" && (
        <Field
          name="pricePerView"
          label={labels.pricePerView}
          required
          inputMode="decimal"
          autoComplete="off"
          placeholder="2,50"
          value={price}
          onChange={(ev) => setPrice(ev.target.value)}
          className="field--price"
          error={e.pricePerView}
          hint={t("priceHint")}
        />
      )}
      <CheckboxField name="public" label={labels.public} defaultChecked={vod?.public ?? true} error={e.public} hint={t("publicHint")} />
      <Field
        name="expirationDate"
        label={labels.expirationDate}
        type="date"
        min={isoDay(new Date())}
        defaultValue={vod?.expirationDate ? isoDay(vod.expirationDate) : ""}
        error={e.expirationDate}
        hint={t("expirationHint")}
      />
      <div className="actions">
        <SubmitButton pending={mutation.isPending}>{vod ? t("save") : t("publish")}</SubmitButton>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {t("cancel")}
        </button>
      </div>
    </form>
  );
}
