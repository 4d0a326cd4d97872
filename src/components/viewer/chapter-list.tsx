"use client";

import { useTranslations } from "next-intl";
import { formatTime } from "@/components/player/player-time";
import { SEEK_EVENT } from "./vod-player";

/**
 * A vod's chapters under its player (issue 26): each a button that plays the video from that chapter
 * (the player listens for SEEK_EVENT: it seeks, or starts there).
 */
export function ChapterList({ chapters }: { chapters: { start: number; title: string }[] }) {
  const t = useTranslations("watch");
  if (chapters.length === 0) return null;
  return (
    <section className="watch__chapters" aria-labelledby="watch-chapters" data-testid="watch-chapters">
      <h2 id="watch-chapters">{t("chapters")}</h2>
      <ol>
        {chapters.map((c) => (
          <li key={c.start}>
            <button
              type="button"
              className="link-button"
              onClick={() => window.dispatchEvent(new CustomEvent(SEEK_EVENT, { detail: c.start }))}
              data-testid="watch-chapter"
            >
              <time dateTime={`PT${Math.round(c.start)}S`}>{formatTime(c.start)}</time> {c.title}
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
