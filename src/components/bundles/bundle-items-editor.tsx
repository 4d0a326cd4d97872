"use client";

import { useEffect, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import type { BundleItemsView } from "@/server/domain/bundles/bundle-items";
import { ContentPicture } from "@/components/content-picture";
import { FormStatus } from "@/components/form/form-status";
import { DragHandle } from "@/components/drag-handle";
import { useSortable } from "@/components/sortable";
import { formatDuration } from "@/lib/wire";
import { errorMessageOf } from "@/components/trpc/errors";
import { trpc } from "@/components/trpc/react";
import { watchPath } from "@/lib/vod-urls";
import { BundleBoxPicker } from "./bundle-box-picker";
import { ConfirmButton } from "@/components/confirm-button";

/** The widest an item's picture is shown, in CSS pixels. */
const PICTURE_WIDTH = 96;

/**
 * The ordered videos of a bundle: drag a row onto another to put it there, or, from the keyboard,
 * focus a row's handle and press ArrowUp / ArrowDown (Home / End: first / last); remove one; add
 * videos of the box at the end. Every change is one move / insert / remove of the bundle; the list
 * shows what the server answered, and a live region says where an item went.
 */
export function BundleItemsEditor({ bundleId }: { bundleId: string }) {
  const t = useTranslations("bundlesPortal.items");
  const utils = trpc.useUtils();
  const query = trpc.bundles.items.useQuery({ bundleId });
  const show = (data: BundleItemsView) => {
    utils.bundles.items.setData({ bundleId }, data);
    void utils.bundles.search.invalidate();
  };
  const move = trpc.bundles.moveItem.useMutation({ onSuccess: show });
  const remove = trpc.bundles.removeItems.useMutation({
    onSuccess: (data) => {
      show(data);
      void utils.box.search.invalidate();
    },
  });
  const [said, setSaid] = useState("");
  /** The item whose handle keeps the focus once the list is redrawn after a keyboard move. */
  const [focusCode, setFocusCode] = useState<string>();
  const handles = useRef(new Map<string, HTMLButtonElement>());
  const items = query.data?.items ?? [];

  useEffect(() => {
    if (focusCode) handles.current.get(focusCode)?.focus();
  }, [focusCode, query.data]);

  /** Moves the item at `from` to `to` in the resulting list (0-based), as the server's move takes it: before the item at toIndex. */
  function moveTo(from: number, to: number, keepFocus = false) {
    if (to < 0 || to >= items.length || to === from || move.isPending) return;
    const item = items[from]!;
    setFocusCode(keepFocus ? item.itemCode : undefined);
    move.mutate(
      { bundleId, fromIndex: from, toIndex: to > from ? to + 1 : to },
      { onSuccess: () => setSaid(t("moved", { title: item.title, position: to + 1, count: items.length })) },
    );
  }

  const sortable = useSortable({ onMove: moveTo });

  return (
    <section className="card" aria-labelledby="bundle-items-title">
      <h2 id="bundle-items-title">{t("title")}</h2>
      <p className="muted" id="bundle-reorder-help">
        {t("help")}
      </p>
      <FormStatus error={errorMessageOf(query.error ?? move.error ?? remove.error)} />
      <p className="visually-hidden" role="status" aria-live="polite">
        {said}
      </p>
      {!query.data && !query.error && <p className="muted">{t("loading")}</p>}
      {query.data && items.length === 0 && (
        <p className="muted" data-testid="bundle-items-empty">
          {t("empty")}
        </p>
      )}
      {items.length > 0 && (
        <ol
          className="bundle-items"
          aria-describedby="bundle-reorder-help"
          aria-busy={move.isPending || undefined}
          data-testid="bundle-items"
        >
          {items.map((item, index) => (
            <li
              key={item.itemCode}
              className={`bundle-items__row${sortable.dragged === index ? " is-dragged" : ""}${sortable.over === index && sortable.dragged !== index ? " is-over" : ""}`}
              data-testid="bundle-row"
              {...sortable.rowProps(index)}
            >
              <DragHandle
                buttonRef={(el) => {
                  if (el) handles.current.set(item.itemCode, el);
                  else handles.current.delete(item.itemCode);
                }}
                onKeyDown={(ev) => sortable.handleKey(ev, index, items.length)}
                label={t("move", { title: item.title, position: index + 1, count: items.length })}
                describedBy="bundle-reorder-help"
                testId="bundle-handle"
              />
              <span className="bundle-items__index" aria-hidden="true">
                {index + 1}
              </span>
              <ContentPicture content={item} width={PICTURE_WIDTH} className="bundle-items__thumb" testId="bundle-item-picture" />
              <span className="bundle-items__title">
                <a href={watchPath(item.vodId)}>{item.title}</a>
                <span className="muted"> · {formatDuration(item.durationSeconds)}</span>
              </span>
              <ConfirmButton
                label={t("remove")}
                about={item.title}
                title={t("removeTitle", { title: item.title })}
                pending={remove.isPending}
                onConfirm={() => remove.mutate({ bundleId, index, count: 1 })}
              >
                <p>{t("removeText")}</p>
              </ConfirmButton>
            </li>
          ))}
        </ol>
      )}
      <BundleBoxPicker bundleId={bundleId} itemCount={items.length} onAdded={show} />
    </section>
  );
}
