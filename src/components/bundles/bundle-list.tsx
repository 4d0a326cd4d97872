"use client";

import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import type { ReactNode } from "react";
import { CardList } from "@/components/card-list";
import { trpc } from "@/components/trpc/react";
import type { BundleView } from "@/server/domain/bundles/bundle-view";
import { BundleForm } from "./bundle-form";
import { bundleAdminPath, bundlePath, localPriceText } from "./bundle-period";

/** The creator's bundles: search, pages; create one (then its page, to add videos). */
export function BundleList({ currency }: { currency: string }) {
  const router = useRouter();
  const t = useTranslations("bundlesPortal");
  const words = { t, locale: useLocale() };
  const hidden = (chunks: ReactNode) => <span className="visually-hidden">{chunks}</span>;
  return (
    <CardList<BundleView>
      noun="bundle"
      createLabel={t("create")}
      listTitle={t("yours")}
      intro={t("intro")}
      emptyText={t("empty")}
      useSearch={trpc.bundles.search.useQuery}
      keyOf={(b) => b.bundleId}
      card={(b) => (
        <>
          <h3>
            <Link href={bundleAdminPath(b.bundleId)}>{b.name}</Link>
          </h3>
          <p className="muted">
            {localPriceText(words, b, currency)} · {t("videoCount", { count: b.itemCount })}
          </p>
          <div className="actions">
            <Link className="button button--secondary" href={bundleAdminPath(b.bundleId)}>
              {t.rich("manage", { name: b.name, hidden })}
            </Link>
            <a className="button button--secondary" href={bundlePath(b.bundleId)}>
              {t.rich("publicPage", { name: b.name, hidden })}
            </a>
          </div>
        </>
      )}
      createForm={(close) => <BundleForm currency={currency} onSaved={(b) => router.push(bundleAdminPath(b.bundleId))} onCancel={close} />}
    />
  );
}
