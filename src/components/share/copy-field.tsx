"use client";

import { useEffect, useId, useRef, useState } from "react";
import { useTranslations } from "next-intl";

/** Copies `text`: the Clipboard API, else the selected field and the browser's copy command (an insecure origin). */
async function copyText(text: string, field: HTMLInputElement | HTMLTextAreaElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    field?.select();
    return document.execCommand?.("copy") ?? false;
  }
}

/** A read-only value (a line, or a block for code) with a Copy button and a visible "Copied" notice that goes away. */
export function CopyField({
  label,
  value,
  multiline = false,
  testId,
}: {
  label: string;
  value: string;
  multiline?: boolean;
  testId: string;
}) {
  const t = useTranslations("share");
  const id = useId();
  const field = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const [copied, setCopied] = useState<boolean | undefined>();
  useEffect(() => {
    if (copied === undefined) return;
    const timer = setTimeout(() => setCopied(undefined), 2500);
    return () => clearTimeout(timer);
  }, [copied]);
  const select = (e: { currentTarget: HTMLInputElement | HTMLTextAreaElement }) => e.currentTarget.select();
  return (
    <div className="field copy-field">
      <label htmlFor={id}>{label}</label>
      <div className="copy-field__row">
        {multiline ? (
          <textarea id={id} ref={field} readOnly value={value} rows={3} onFocus={select} data-testid={testId} />
        ) : (
          <input id={id} ref={field} readOnly value={value} onFocus={select} data-testid={testId} />
        )}
        <button type="button" className="button button--secondary" onClick={() => void copyText(value, field.current).then(setCopied)}>
          {t("copy")}
        </button>
      </div>
      <p className="copy-field__status" role="status" data-testid={`${testId}-status`}>
        {copied === true ? t("copied") : copied === false ? t("copyFailed") : ""}
      </p>
    </div>
  );
}
