"use client";

import { useDeferredValue, useState } from "react";
import { useTranslations } from "next-intl";
import Link from "next/link";
import type { BundleItemsView } from "@/server/domain/bundles/bundle-items";
import { Field } from "@/components/form/field";
import { FormStatus } from "@/components/form/form-status";
import { formatDuration } from "@/lib/wire";
import { errorMessageOf, fieldErrorsOf } from "@/components/trpc/errors";
import { trpc } from "@/components/trpc/react";

/** How many matching box items the picker lists. */
const PICK_FROM = 20;

/**
 * Adds videos of the box to the end of a bundle: the READY items not in it yet (the box search's
 * excludeBundleId), narrowed by a search over titles, descriptions and tags.
 */
export function BundleBoxPicker({
  bundleId,
  itemCount,
  onAdded,
}: {
  bundleId: string;
  itemCount: number;
  onAdded: (data: BundleItemsView) => void;
}) {
  const t = useTranslations("bundlesPortal.picker");
  const [find, setFind] = useState("");
  const queryString = useDeferredValue(find);
  const utils = trpc.useUtils();
  const search = trpc.box.search.useQuery({ queryString, pageIndex: 0, pageSize: PICK_FROM, excludeBundleId: bundleId });
  const insert = trpc.bundles.insertItems.useMutation({
    onSuccess: async (data) => {
      onAdded(data);
      await utils.box.search.invalidate();
    },
  });
  const ready = search.data?.items.filter((i) => i.status === "READY") ?? [];
  const refused = Object.values(fieldErrorsOf(insert.error))[0];
  return (
    <div className="bundle-picker" data-testid="bundle-picker">
      <h3>{t("title")}</h3>
      <Field
        name="find"
        label={t("find")}
        type="search"
        value={find}
        onChange={(ev) => setFind(ev.target.value)}
        onKeyDown={(ev) => ev.key === "Enter" && ev.preventDefault()}
        placeholder={t("findPlaceholder")}
      />
      <FormStatus error={refused ?? errorMessageOf(insert.error ?? search.error)} />
      {search.data && ready.length === 0 && (
        <p className="muted">
          {queryString ? t("noMatch") : t("allIn")} <Link href="/box">{t("upload")}</Link>
        </p>
      )}
      {ready.length > 0 && (
        <ul className="bundle-picker__list">
          {ready.map((i) => (
            <li key={i.boxId} data-testid="bundle-pick">
              <span>
                {i.title} <span className="muted">· {formatDuration(i.durationSeconds)}</span>
              </span>
              <button
                type="button"
                className="button button--secondary"
                disabled={insert.isPending}
                onClick={() => insert.mutate({ bundleId, sourceItems: [{ boxId: i.boxId }], index: itemCount })}
              >
                {t.rich("add", { title: i.title, hidden: (chunks) => <span className="visually-hidden">{chunks}</span> })}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
