"use client";

import { useState, type FormEvent } from "react";
import type { BoxItemView } from "@/server/domain/box/box-item-view";
import type { CcType, DurationUnit, MarketLicenseType } from "@/generated/prisma/enums";
import { moneyIn } from "@/server/rest/wire";
import { CheckboxField, Field, RadioGroupField, SelectField } from "@/components/form/field";
import { FormStatus } from "@/components/form/form-status";
import { SubmitButton } from "@/components/form/submit-button";
import { errorsByInput, formReader } from "@/components/form/read-form";
import { BoxItemPicker } from "@/components/vod/box-item-picker";
import { CC_LICENSES, CC_TYPES } from "@/lib/creative-commons";
import { errorMessageOf, fieldErrorsOf } from "@/lib/trpc/errors";
import { trpc } from "@/lib/trpc/react";

export const LICENSE_TYPE_LABELS: Record<MarketLicenseType, string> = {
  FREE: "Free",
  CREATIVE_COMMONS: "Creative Commons",
  SPOT_PRICE: "Spot price",
  PAY_PER_VIEW: "Pay per view",
  REVENUE_SHARING: "Revenue sharing",
};

const HINTS: Record<MarketLicenseType, string> = {
  FREE: "Other creators take it at no cost, for a time or for good.",
  CREATIVE_COMMONS: "Free, under the Creative Commons license you choose, for good.",
  SPOT_PRICE: "Other creators pay your price once to use it.",
  PAY_PER_VIEW: "Free to take; you earn your price on every paid view of their vods.",
  REVENUE_SHARING: "Free to take; you earn your share of what their vods of it earn.",
};

/** What each type takes (the server's rules, market-fields.ts, said again for the form's fields). */
const TAKES_DURATION = (t: MarketLicenseType) => t !== "CREATIVE_COMMONS";
const TAKES_DOWNLOAD = (t: MarketLicenseType) => t !== "PAY_PER_VIEW" && t !== "REVENUE_SHARING";

const labelsFor = (currency: string) => ({
  boxId: "Video",
  licenseType: "License",
  ccType: "Creative Commons license",
  activationPrice: `Price (${currency})`,
  pricePerView: `Your part per view (${currency})`,
  earningPercentage: "Your share of revenue (%)",
  duration: "License duration",
  durationUnit: "Unit",
  download: "Allow download",
});

/**
 * Offers a box item on the marketplace (the one chosen on the Box page, else one picked here): the
 * license type and only what that type takes. The server checks everything; its field errors are
 * said under the fields.
 */
export function OfferForm({ item, currency, onDone }: { item?: BoxItemView; currency: string; onDone: () => void }) {
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
    setPickError(boxId ? undefined : "Choose the video to offer");
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

  const labels = labelsFor(currency);
  const e: Record<string, string> = { ...errorsByInput(fieldErrorsOf(publish.error), labels), ...(pickError ? { boxId: pickError } : {}) };
  return (
    <form method="post" onSubmit={submit} noValidate className="vod-form" aria-label="Offer on the marketplace">
      <FormStatus error={errorMessageOf(publish.error)} fieldErrors={e} labels={labels} />
      {!item && <BoxItemPicker label={labels.boxId} error={e.boxId} />}
      <RadioGroupField
        name="licenseType"
        label={labels.licenseType}
        options={Object.entries(LICENSE_TYPE_LABELS).map(([value, label]) => ({ value, label, hint: HINTS[value as MarketLicenseType] }))}
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
            { value: "", label: "Choose a license" },
            ...CC_TYPES.map((t) => ({ value: t, label: `${CC_LICENSES[t].code} · ${CC_LICENSES[t].name}` })),
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
          <Field name="duration" label={labels.duration} inputMode="numeric" placeholder="Forever" error={e.duration} />
          <SelectField
            name="durationUnit"
            label={labels.durationUnit}
            defaultValue="MONTHS"
            options={[
              { value: "DAYS", label: "Days" },
              { value: "MONTHS", label: "Months" },
              { value: "YEARS", label: "Years" },
            ]}
            error={e.durationUnit}
          />
        </div>
      )}
      {TAKES_DOWNLOAD(licenseType) && (
        <CheckboxField
          name="download"
          label={labels.download}
          error={e.download}
          hint="The creators who take it may download the original file."
        />
      )}
      <div className="actions">
        <SubmitButton pending={publish.isPending}>Offer</SubmitButton>
        <button type="button" className="button button--secondary" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
