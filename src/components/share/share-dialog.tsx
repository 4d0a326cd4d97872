"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { Dialog } from "@/components/dialog";
import { CopyField } from "./copy-field";
import "./share.css";

/** 83 → "1:23", 3723 → "1:02:03". */
function clock(seconds: number): string {
  const s = Math.floor(seconds);
  const [h, m, r] = [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60];
  const mm = h > 0 ? String(m).padStart(2, "0") : String(m);
  return `${h > 0 ? `${h}:` : ""}${mm}:${String(r).padStart(2, "0")}`;
}

/** The page's address with `?t=<seconds>` (the watch page starts its player there). */
function atTime(url: string, seconds: number): string {
  const u = new URL(url);
  u.searchParams.set("t", String(Math.floor(seconds)));
  return u.toString();
}

/** The page's video's current time, when one has played past its first second (read from the DOM: whatever the player). */
function currentVideoTime(): number | undefined {
  const video = document.querySelector("video");
  return video && video.currentTime >= 1 ? video.currentTime : undefined;
}

/**
 * Share on the watch, bundle, live and channel pages: a button opening a dialog with the page's link,
 * on the watch page the link at the video's current time (`withTime`), and the embed code
 * (`embedUrl`: an iframe of the embeddable player), each with a Copy button.
 */
export function ShareDialog({
  title,
  url,
  embedUrl,
  withTime = false,
}: {
  title: string;
  url: string;
  embedUrl?: string;
  withTime?: boolean;
}) {
  const t = useTranslations("share");
  const [open, setOpen] = useState<{ time?: number } | undefined>();
  const [timed, setTimed] = useState(false);
  const embedCode =
    embedUrl &&
    `<iframe src="${embedUrl}" width="640" height="360" title="${title.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`)}" ` +
      `allow="autoplay; fullscreen; picture-in-picture" allowfullscreen></iframe>`;
  const time = open?.time;
  return (
    <>
      <button
        type="button"
        className="button button--secondary share-button"
        onClick={() => {
          setTimed(false);
          setOpen({ time: withTime ? currentVideoTime() : undefined });
        }}
        data-testid="share-open"
      >
        {t("share")}
      </button>
      {open && (
        <Dialog title={t("title", { title })} onClose={() => setOpen(undefined)} testId="share-dialog">
          <CopyField label={t("link")} value={timed && time !== undefined ? atTime(url, time) : url} testId="share-link" />
          {time !== undefined && (
            <div className="field field--checkbox">
              <input
                id="share-at-time"
                type="checkbox"
                checked={timed}
                onChange={(e) => setTimed(e.target.checked)}
                data-testid="share-at-time"
              />
              <label htmlFor="share-at-time">{t("startAt", { time: clock(time) })}</label>
            </div>
          )}
          {embedCode && <CopyField label={t("embedCode")} value={embedCode} multiline testId="share-embed" />}
        </Dialog>
      )}
    </>
  );
}
