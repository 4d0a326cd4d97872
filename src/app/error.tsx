"use client";

import { useTranslations } from "next-intl";

// Unexpected failures of a page (the server logs the details; the digest ties the two together).
export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations("errors");
  return (
    <div className="container container--narrow">
      <h1>{t("errorTitle")}</h1>
      <div className="card" role="alert">
        <p>{t("errorText")}</p>
        {error.digest && <p className="muted">{t("reference", { digest: error.digest })}</p>}
        <button className="button" type="button" onClick={reset}>
          {t("retry")}
        </button>
      </div>
    </div>
  );
}
