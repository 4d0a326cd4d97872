"use client";

import { useEffect, useRef, useState } from "react";
import type { VodItemView } from "@/server/domain/vod/vod-item-view";
import { Dialog } from "@/components/dialog";
import { VodForm, type VodFormTarget } from "./vod-form";
import { watchPath } from "@/lib/vod-urls";

/** The public watch page of a vod. */

function titleOf(target: VodFormTarget): string {
  if (target.mode === "edit") return `Edit “${target.vod.title}”`;
  return target.item ? `Publish “${target.item.title}”` : "Publish a video";
}

/** Publishing or editing a vod in a modal dialog; once published, the link to its watch page. */
export function VodDialog({ target, currency, onClose }: { target: VodFormTarget; currency: string; onClose: () => void }) {
  const [published, setPublished] = useState<VodItemView>();
  return (
    <Dialog title={published ? `“${published.title}” is published` : titleOf(target)} onClose={onClose} testId="vod-dialog">
      {published ? (
        <Published vod={published} onDone={onClose} />
      ) : (
        <VodForm target={target} currency={currency} onPublished={setPublished} onSaved={onClose} onCancel={onClose} />
      )}
    </Dialog>
  );
}

function Published({ vod, onDone }: { vod: VodItemView; onDone: () => void }) {
  const path = watchPath(vod.vodId);
  const link = useRef<HTMLAnchorElement>(null);
  // the form that had the focus is gone: the link is what comes next
  useEffect(() => link.current?.focus(), []);
  return (
    <div data-testid="vod-published">
      <p className="notice notice--success" role="status">
        {vod.public
          ? "Anyone can now watch it on its page, find it on your page and in searches."
          : "It is private: only you can see it until you make it public."}
      </p>
      <p>
        Its watch page:{" "}
        <a href={path} ref={link} data-testid="watch-link">
          {new URL(path, window.location.origin).href}
        </a>
      </p>
      <div className="actions">
        <button type="button" className="button" onClick={onDone}>
          Done
        </button>
      </div>
    </div>
  );
}
