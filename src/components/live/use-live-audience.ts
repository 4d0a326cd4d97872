"use client";

import { useEffect, useState } from "react";
import { trpc } from "@/components/trpc/react";

/** What the page counts itself in: a channel's stream (also while waiting for it) or an event's replay. */
export type AudienceTarget = { kind: "channel"; channelId: string } | { kind: "replay"; eventId: string };

export interface AudienceCount {
  watching: number;
  peak: number;
}

/** How often the page renews its presence (the server's AUDIENCE_BEAT_MS). */
const BEAT_MS = 15_000;

const KEY_ITEM = "kinora.liveViewer";

/** This tab's viewer key: the one kept for it, or a new one. */
function pageKey(): string {
  const fresh = () =>
    typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`.replace(".", "");
  try {
    const kept = sessionStorage.getItem(KEY_ITEM);
    if (kept && /^[A-Za-z0-9_-]{16,64}$/.test(kept)) return kept;
    const key = fresh();
    sessionStorage.setItem(KEY_ITEM, key);
    return key;
  } catch {
    return fresh(); // no storage (a sandboxed embed): a key per page load
  }
}

/**
 * The live page's viewer count: while `target` is set, the page renews its presence (when
 * `present`; a page that only shows the count does not count itself) every beat, and answers the
 * audience's size. A random key per tab, kept in sessionStorage: a reload is the same viewer, two
 * tabs are two.
 */
export function useLiveAudience(target: AudienceTarget | undefined, present: boolean): AudienceCount | undefined {
  const client = trpc.useUtils().client;
  const [count, setCount] = useState<AudienceCount>();
  const [viewer] = useState(pageKey);
  const key = target ? (target.kind === "channel" ? `channel:${target.channelId}` : `replay:${target.eventId}`) : undefined;
  useEffect(() => {
    if (!target) return setCount(undefined);
    let disposed = false;
    const beat = () =>
      client.live.audience
        .mutate({ target, viewer, present })
        .then((answer) => !disposed && setCount(answer))
        .catch(() => undefined);
    void beat();
    const timer = setInterval(beat, BEAT_MS);
    return () => {
      disposed = true;
      clearInterval(timer);
    };
    // keyed by the target: a new object for the same target does not restart the beat
  }, [key, present, viewer, client]);
  return count;
}
