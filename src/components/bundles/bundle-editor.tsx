"use client";

import { useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import type { BundleView } from "@/server/domain/bundles/bundle-view";
import { FormStatus } from "@/components/form/form-status";
import { errorMessageOf } from "@/components/trpc/errors";
import { trpc } from "@/components/trpc/react";
import { BundleForm } from "./bundle-form";
import { BundleItemsEditor } from "./bundle-items-editor";
import { BundleSubscribers } from "./bundle-subscribers";
import { bundlePath, localPriceText } from "./bundle-period";
import { ConfirmButton } from "@/components/confirm-button";

/** One bundle of the creator's: its details (edit), its ordered videos, its subscribers; delete. */
export function BundleEditor({ bundle: initial, currency }: { bundle: BundleView; currency: string }) {
  const t = useTranslations("bundlesPortal");
  const locale = useLocale();
  const [bundle, setBundle] = useState(initial);
  const [editing, setEditing] = useState(false);
  const router = useRouter();
  const remove = trpc.bundles.delete.useMutation({ onSuccess: () => router.push("/bundles") });
  return (
    <>
      <section className="card" aria-labelledby="bundle-details-title">
        <h2 id="bundle-details-title">{t("details")}</h2>
        {editing ? (
          <BundleForm
            bundle={bundle}
            currency={currency}
            onSaved={(saved) => {
              setBundle(saved);
              setEditing(false);
            }}
            onCancel={() => setEditing(false)}
          />
        ) : (
          <>
            <p data-testid="bundle-price">{localPriceText({ t, locale }, bundle, currency)}</p>
            {bundle.description && <p className="prewrap">{bundle.description}</p>}
            <div className="actions">
              <button type="button" className="button button--secondary" onClick={() => setEditing(true)}>
                {t("edit")}
              </button>
              <a className="button button--secondary" href={bundlePath(bundle.bundleId)} data-testid="bundle-public-link">
                {t("publicPageShort")}
              </a>
              <ConfirmButton
                label={t("delete")}
                title={t("deleteTitle", { name: bundle.name })}
                pending={remove.isPending}
                onConfirm={() => remove.mutate({ bundleId: bundle.bundleId })}
              >
                <p>{t("deleteText")}</p>
              </ConfirmButton>
            </div>
            <FormStatus error={errorMessageOf(remove.error)} />
          </>
        )}
      </section>
      <BundleItemsEditor bundleId={bundle.bundleId} />
      <BundleSubscribers bundleId={bundle.bundleId} />
    </>
  );
}
