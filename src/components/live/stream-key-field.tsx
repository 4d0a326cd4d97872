"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { Dialog } from "@/components/dialog";
import { errorMessageOf } from "@/components/trpc/errors";
import { trpc } from "@/components/trpc/react";

const MISSING = {
  NO_PASSWORD: "keyMissing",
  NOT_REVEALABLE: "keyNotRevealable",
} as const;

/** Copies a text: the Clipboard API, or the selected text of a field where it is missing. */
async function copyText(text: string, field: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (!field) return false;
    field.select();
    return document.execCommand("copy");
  }
}

/**
 * The whole OBS stream key of a live channel (its path, the user and the live password): hidden until
 * Reveal, Copy, and Reset (after a confirmation) that makes a new live password and with it a new
 * key, the old one refused from then on. Asked for only on Reveal, Copy or Reset (goLive.revealKey).
 */
export function StreamKeyField({ channelId }: { channelId: string }) {
  const t = useTranslations("live.studio");
  const reveal = trpc.goLive.revealKey.useMutation();
  const reset = trpc.goLive.resetKey.useMutation();
  const [key, setKey] = useState<string>();
  const [shown, setShown] = useState(false);
  const [missing, setMissing] = useState<keyof typeof MISSING>();
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<string>();
  const [field, setField] = useState<HTMLInputElement | null>(null);
  const error = errorMessageOf(reveal.error ?? reset.error);

  async function load(): Promise<string | undefined> {
    if (key) return key;
    const answer = await reveal.mutateAsync({ channelId });
    if (answer.streamKey === undefined) {
      setMissing(answer.reason);
      return undefined;
    }
    setKey(answer.streamKey);
    return answer.streamKey;
  }

  async function toggle() {
    if (shown) return setShown(false);
    if (await load().catch(() => undefined)) setShown(true);
  }

  async function copy() {
    const text = await load().catch(() => undefined);
    if (!text) return;
    setNotice((await copyText(text, field)) ? t("keyCopied") : t("selectKey"));
  }

  async function makeNew() {
    setConfirming(false);
    const answer = await reset.mutateAsync({ channelId }).catch(() => undefined);
    if (!answer) return;
    setKey(answer.streamKey);
    setMissing(undefined);
    setShown(true);
    setNotice(t("newKey"));
  }

  return (
    <div className="field">
      <label htmlFor="go-live-key">{t("streamKey")}</label>
      <div className="actions">
        <input
          id="go-live-key"
          ref={setField}
          readOnly
          type={shown ? "text" : "password"}
          value={shown && key ? key : "hidden-stream-key"}
          onFocus={(e) => shown && e.currentTarget.select()}
          data-testid="go-live-key"
          data-shown={shown || undefined}
          autoComplete="off"
        />
        <button type="button" onClick={() => void toggle()} disabled={reveal.isPending} data-testid="go-live-reveal">
          {shown ? t("hide") : t("reveal")}
        </button>
        <button type="button" onClick={() => void copy()} disabled={reveal.isPending} data-testid="go-live-copy-key">
          {t("copy")}
        </button>
        <button
          type="button"
          className="button--secondary"
          onClick={() => setConfirming(true)}
          disabled={reset.isPending}
          data-testid="go-live-reset"
        >
          {t("reset")}
        </button>
      </div>
      <p className="muted">{t("keyHint")}</p>
      {missing && (
        <p className="notice notice--info" data-testid="go-live-key-missing">
          {t(MISSING[missing])}
        </p>
      )}
      {(notice || error) && (
        <p className={`notice ${error ? "notice--error" : "notice--info"}`} role="status" data-testid="go-live-key-notice">
          {error ?? notice}
        </p>
      )}
      {confirming && (
        <Dialog title={t("resetTitle")} onClose={() => setConfirming(false)} testId="go-live-reset-dialog">
          <p>{t("resetText")}</p>
          <div className="actions">
            <button type="button" className="button button--danger" onClick={() => void makeNew()}>
              {t("resetKey")}
            </button>
            <button type="button" className="button--secondary" onClick={() => setConfirming(false)}>
              {t("cancel")}
            </button>
          </div>
        </Dialog>
      )}
    </div>
  );
}
