"use client";

import { useDeferredValue, useState } from "react";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { Field, SelectField } from "@/components/form/field";
import { formatDuration } from "@/lib/wire";
import { trpc } from "@/components/trpc/react";

/** How many of the newest matching box items the picker lists. */
const PICK_FROM = 100;

/**
 * The box item to publish (`boxId`): a select of the READY items of the box, newest first, narrowed
 * by a search over titles, descriptions and tags (the box search) for a box larger than the list.
 */
export function BoxItemPicker({ label, error }: { label: string; error?: string }) {
  const t = useTranslations("vodPortal.picker");
  const [find, setFind] = useState("");
  const queryString = useDeferredValue(find);
  const search = trpc.box.search.useQuery({ queryString, pageIndex: 0, pageSize: PICK_FROM });
  const ready = search.data?.items.filter((i) => i.status === "READY") ?? [];
  const placeholder = !search.data ? t("loading") : ready.length > 0 ? t("choose") : queryString ? t("noMatch") : t("none");

  return (
    <div className="box-picker">
      <Field
        name="find"
        label={t("find")}
        type="search"
        value={find}
        onChange={(ev) => setFind(ev.target.value)}
        // Enter narrows the list; it does not publish
        onKeyDown={(ev) => ev.key === "Enter" && ev.preventDefault()}
        placeholder={t("findPlaceholder")}
      />
      <SelectField
        name="boxId"
        label={label}
        required
        defaultValue=""
        options={[
          { value: "", label: placeholder },
          ...ready.map((i) => ({ value: i.boxId, label: `${i.title} (${formatDuration(i.durationSeconds)})` })),
        ]}
        error={error}
        hint={t.rich("hint", { box: (chunks) => <Link href="/box">{chunks}</Link> })}
      />
    </div>
  );
}
