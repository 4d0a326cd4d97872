"use client";

import Link from "next/link";
import { useState, type ReactNode } from "react";
import { useTranslations } from "next-intl";

/** What an encoder (OBS) is set to for a live channel or a cast stream: the same ingest and credentials. */
export interface EncoderSettingsView {
  /** OBS "Server". */
  serverUrl: string;
  /** OBS "Stream key" without the password (typed by the owner: it is never shown). */
  streamKey: string;
  livePasswordSet: boolean;
  recommended: { keyframeIntervalSeconds: number; videoCodec: string; audioCodec: string };
}

/** A read-only value with a button copying it to the clipboard. */
function CopyValue({ label, value, testId }: { label: string; value: string; testId: string }) {
  const t = useTranslations("live.studio");
  const [copied, setCopied] = useState(false);
  const id = `go-live-${testId}`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="actions">
        <input id={id} readOnly value={value} data-testid={testId} onFocus={(e) => e.currentTarget.select()} />
        <button
          type="button"
          onClick={() =>
            void navigator.clipboard?.writeText(value).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? t("copied") : t("copy")}
        </button>
      </div>
    </div>
  );
}

/**
 * The encoder settings card (OBS: Settings → Stream → Custom), values to copy. `keyField`: the whole
 * stream key with its reveal, copy and reset (a live channel's Go-live panel); without it the key
 * without the password, typed by the owner at its end.
 */
export function EncoderSettings({ settings, keyField }: { settings: EncoderSettingsView; keyField?: ReactNode }) {
  const t = useTranslations("live.studio");
  const link = (chunks: ReactNode) => <Link href="/account/features">{chunks}</Link>;
  return (
    <section className="card">
      <h2>{t("encoderSettings")}</h2>
      <CopyValue label={t("server")} value={settings.serverUrl} testId="go-live-server" />
      {keyField ?? (
        <>
          <CopyValue label={t("keyWithPassword")} value={settings.streamKey} testId="go-live-key" />
          <p className="muted">{settings.livePasswordSet ? t.rich("passwordSet", { link }) : t.rich("noPassword", { link })}</p>
        </>
      )}
      <p className="muted">
        {t("output", {
          video: settings.recommended.videoCodec,
          audio: settings.recommended.audioCodec,
          seconds: settings.recommended.keyframeIntervalSeconds,
        })}
      </p>
    </section>
  );
}
