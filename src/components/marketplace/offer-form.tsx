"use client";

import { useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import type { BoxItemView } from "@/server/domain/box/box-item-view";
import type { CcType, DurationUnit, MarketLicenseType } from "@/generated/prisma/enums";
import { moneyIn } from "@/lib/wire";
import { CheckboxField, Field, RadioGroupField, SelectField } from "@/components/form/field";
import { FormStatus } from "@/components/form/form-status";
import { SubmitButton } from "@/components/form/submit-button";
import { errorsByInput, formReader } from "@/components/form/read-form";
import { BoxItemPicker } from "@/components/vod/box-item-picker";
import { CC_LICENSES, CC_TYPES } from "@/lib/creative-commons";
import { errorMessageOf, fieldErrorsOf } from "@/components/trpc/errors";
import { trpc } from "@/components/trpc/react";

/** The marketplace's license types, in the order forms and filters list them (names: messages market.types.*). */
export const LICENSE_TYPES: MarketLicenseType[] = ["FREE", "CREATIVE_COMMONS", "SPOT_PRICE", "PAY_PER_VIEW", "REVENUE_SHARING"];

type T = ReturnType<typeof useTranslations<"market">>;

/** What each type takes (the server's rules, market-fields.ts, said again for the form's fields). */
const TAKES_DURATION = (t: MarketLicenseType) => t !== "CREATIVE_COMMONS";
const TAKES_DOWNLOAD = (t: MarketLicenseType) => t !== "PAY_PER_VIEW" && t !== "REVENUE_SHARING";

const labelsFor = (currency: string, t: T) => ({
  boxId: t("labels.boxId"),
  licenseType: t("labels.licenseType"),
  ccType: t("labels.ccType"),
  activationPrice: t("labels.activationPrice", { currency }),
  pricePerView: t("labels.pricePerView", { currency }),
  earningPercentage: t("labels.earningPercentage"),
  duration: t("labels.duration"),
  durationUnit: t("labels.durationUnit"),
  download: t("labels.download"),
});

/**
 * Offers a box item on the marketplace (the one chosen on the Box page, else one picked here): the
 * license type and only what that type takes. The server checks everything; its field errors are
 * said under the fields.
 */
export function OfferForm({ item, currency, onDone }: { item?: BoxItemView; currency: string; onDone: () => void }) {
  const t = useTranslations("market");
  const tc = useTranslations("vodPortal.cc");
  const [licenseType, setLicenseType] = useState<MarketLicenseType>("FREE");
  const [pickError, setPickError] = useState<string>();
  const utils = trpc.useUtils();
  const publish = trpc.marketplace.publish.useMutation({
    onSuccess: async () => {
      await Promise.all([utils.marketplace.search.invalidate(), utils.marketplace.searchPublic.invalidate()]);
      onDone();
    },
  });

  function submit(ev: FormEvent<HTMLFormElement>) {
    ev.preventDefault();
    const form = formReader(ev.currentTarget);
    const text = (name: string) => form.text(name) || undefined;
    const boxId = item?.boxId ?? form.text("boxId");
    setPickError(boxId ? undefined : t("form.choosePick"));
    publish.reset();
    if (!boxId) return;
    publish.mutate({
      boxId,
      licenseType,
      ccType: licenseType === "CREATIVE_COMMONS" ? (text("ccType") as CcType | undefined) : undefined,
      activationPrice: licenseType === "SPOT_PRICE" ? (moneyIn(form.text("activationPrice")) as number) : undefined,
      pricePerView: licenseType === "PAY_PER_VIEW" ? (moneyIn(form.text("pricePerView")) as number) : undefined,
      earningPercentage: licenseType === "REVENUE_SHARING" ? (text("earningPercentage") as unknown as number) : undefined,
      duration: TAKES_DURATION(licenseType) ? (text("duration") as unknown as number) : undefined,
      durationUnit: TAKES_DURATION(licenseType) && text("duration") ? (text("durationUnit") as DurationUnit) : undefined,
      download: TAKES_DOWNLOAD(licenseType) ? form.checked("download") : undefined,
    });
  }

  const labels = labelsFor(currency, t);
  const e: Record<string, string> = { ...errorsByInput(fieldErrorsOf(publish.error), labels), ...(pickError ? { boxId: pickError } : {}) };
  return (
    <form method="post" onSubmit={submit} noValidate className="vod-form" aria-label={t("form.label")}>
      <FormStatus error={errorMessageOf(publish.error)} fieldErrors={e} labels={labels} />
      {!item && <BoxItemPicker label={labels.boxId} error={e.boxId} />}
      <RadioGroupField
        name="licenseType"
        label={labels.licenseType}
        options={LICENSE_TYPES.map((value) => ({ value, label: t(`types.${value}`), hint: t(`hints.${value}`) }))}
        value={licenseType}
        onChange={(v) => {
          setLicenseType(v as MarketLicenseType);
          publish.reset();
        }}
        error={e.licenseType}
      />
      {licenseType === "CREATIVE_COMMONS" && (
        <SelectField
          name="ccType"
          label={labels.ccType}
          required
          defaultValue=""
          options={[
            { value: "", label: t("form.chooseLicense") },
            ...CC_TYPES.map((c) => ({ value: c, label: `${CC_LICENSES[c].code} · ${tc(`${c}.name`)}` })),
          ]}
          error={e.ccType}
        />
      )}
      {licenseType === "SPOT_PRICE" && (
        <Field
          name="activationPrice"
          label={labels.activationPrice}
          required
          inputMode="decimal"
          placeholder="25,00"
          error={e.activationPrice}
        />
      )}
      {licenseType === "PAY_PER_VIEW" && (
        <Field name="pricePerView" label={labels.pricePerView} required inputMode="decimal" placeholder="0,50" error={e.pricePerView} />
      )}
      {licenseType === "REVENUE_SHARING" && (
        <Field
          name="earningPercentage"
          label={labels.earningPercentage}
          required
          inputMode="numeric"
          placeholder="30"
          error={e.earningPercentage}
        />
      )}
      {TAKES_DURATION(licenseType) && (
        <div className="vod-filters__selects">
          <Field name="duration" label={labels.duration} inputMode="numeric" placeholder={t("form.forever")} error={e.duration} />
          <SelectField
            name="durationUnit"
            label={labels.durationUnit}
            defaultValue="MONTHS"
            options={[
              { value: "DAYS", label: t("form.days") },
              { value: "MONTHS", label: t("form.months") },
              { value: "YEARS", label: t("form.years") },
            ]}
            error={e.durationUnit}
          />
        </div>
      )}
      {TAKES_DOWNLOAD(licenseType) && (
        <CheckboxField name="download" label={labels.download} error={e.download} hint={t("form.downloadHint")} />
      )}
      <div className="actions">
        <SubmitButton pending={publish.isPending}>{t("form.offer")}</SubmitButton>
        <button type="button" className="button button--secondary" onClick={onDone}>
          {t("form.cancel")}
        </button>
      </div>
    </form>
  );
}
