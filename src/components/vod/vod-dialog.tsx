"use client";

import { useEffect, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import type { VodItemView } from "@/server/domain/vod/vod-item-view";
import { Dialog } from "@/components/dialog";
import { VodForm, type VodFormTarget } from "./vod-form";
import { watchPath } from "@/lib/vod-urls";

function titleOf(target: VodFormTarget, t: ReturnType<typeof useTranslations<"vodPortal.dialog">>): string {
  if (target.mode === "edit") return t("edit", { title: target.vod.title });
  return target.item ? t("publish", { title: target.item.title }) : t("publishAny");
}

/** Publishing or editing a vod in a modal dialog; once published, the link to its watch page. */
export function VodDialog({ target, currency, onClose }: { target: VodFormTarget; currency: string; onClose: () => void }) {
  const t = useTranslations("vodPortal.dialog");
  const [published, setPublished] = useState<VodItemView>();
  return (
    <Dialog title={published ? t("published", { title: published.title }) : titleOf(target, t)} onClose={onClose} testId="vod-dialog">
      {published ? (
        <Published vod={published} onDone={onClose} />
      ) : (
        <VodForm target={target} currency={currency} onPublished={setPublished} onSaved={onClose} onCancel={onClose} />
      )}
    </Dialog>
  );
}

function Published({ vod, onDone }: { vod: VodItemView; onDone: () => void }) {
  const t = useTranslations("vodPortal.dialog");
  const path = watchPath(vod.vodId);
  const link = useRef<HTMLAnchorElement>(null);
  // the form that had the focus is gone: the link is what comes next
  useEffect(() => link.current?.focus(), []);
  return (
    <div data-testid="vod-published">
      <p className="notice notice--success" role="status">
        {vod.public ? t("publicNow") : t("privateNow")}
      </p>
      <p>
        {t("watchPage")}{" "}
        <a href={path} ref={link} data-testid="watch-link">
          {new URL(path, window.location.origin).href}
        </a>
      </p>
      <div className="actions">
        <button type="button" className="button" onClick={onDone}>
          {t("done")}
        </button>
      </div>
    </div>
  );
}
