"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { CardList } from "@/components/card-list";
import { trpc } from "@/lib/trpc/react";
import type { BundleView } from "@/server/domain/bundles/bundle-view";
import { BundleForm } from "./bundle-form";
import { bundleAdminPath, bundlePath, priceText } from "./bundle-period";

/** The creator's bundles: search, pages; create one (then its page, to add videos). */
export function BundleList({ currency }: { currency: string }) {
  const router = useRouter();
  return (
    <CardList<BundleView>
      noun="bundle"
      intro="Ordered collections of your videos that viewers subscribe to for a period."
      emptyText="You have no bundle yet: create one, then add videos of your box to it."
      useSearch={trpc.bundles.search.useQuery}
      keyOf={(b) => b.bundleId}
      card={(b) => (
        <>
          <h3>
            <Link href={bundleAdminPath(b.bundleId)}>{b.name}</Link>
          </h3>
          <p className="muted">
            {priceText(b, currency)} · {b.itemCount === 1 ? "1 video" : `${b.itemCount} videos`}
          </p>
          <div className="actions">
            <Link className="button button--secondary" href={bundleAdminPath(b.bundleId)}>
              Manage<span className="visually-hidden"> {b.name}</span>
            </Link>
            <a className="button button--secondary" href={bundlePath(b.bundleId)}>
              Public page<span className="visually-hidden"> of {b.name}</span>
            </a>
          </div>
        </>
      )}
      createForm={(close) => <BundleForm currency={currency} onSaved={(b) => router.push(bundleAdminPath(b.bundleId))} onCancel={close} />}
    />
  );
}
