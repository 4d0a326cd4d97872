"use client";

import Link from "next/link";
import { useState, type ReactNode } from "react";

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
          {copied ? "Copied" : "Copy"}
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
  return (
    <section className="card">
      <h2>Encoder settings (OBS: Settings → Stream → Custom)</h2>
      <CopyValue label="Server" value={settings.serverUrl} testId="go-live-server" />
      {keyField ?? (
        <>
          <CopyValue label="Stream key (type your live password at its end)" value={settings.streamKey} testId="go-live-key" />
          <p className="muted">
            {settings.livePasswordSet ? "Your live password is set; it is never shown again. " : "You have no live password yet. "}
            <Link href="/account/features">{settings.livePasswordSet ? "Change it" : "Set it"} in your account</Link>.
          </p>
        </>
      )}
      <p className="muted">
        Output: {settings.recommended.videoCodec} and {settings.recommended.audioCodec}, keyframe interval{" "}
        {settings.recommended.keyframeIntervalSeconds} s, CBR, tune zerolatency.
      </p>
    </section>
  );
}
