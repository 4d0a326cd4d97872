"use client";

import { useTranslations } from "next-intl";
import { useState, type ReactNode } from "react";
import { Dialog } from "./dialog";

/**
 * A destructive action (delete, unpublish, withdraw, close…): a secondary button that opens a modal
 * dialog saying what happens; only the dialog's confirm button (the same words), styled as a danger, does it. The dialog closes
 * when the action is started (`onConfirm`); its outcome is shown where the button is.
 */
export function ConfirmButton({
  label,
  about,
  title,
  children,
  onConfirm,
  pending,
  testId,
}: {
  /** The button's text ("Delete"). */
  label: string;
  /** What it acts on, said to screen readers after the label where a page has many ("Delete Cats"). */
  about?: string;
  /** The dialog's question ("Delete "Cats"?"). */
  title: ReactNode;
  /** What the action does and does not do. */
  children: ReactNode;
  onConfirm: () => void;
  pending?: boolean;
  testId?: string;
}) {
  const [asking, setAsking] = useState(false);
  const t = useTranslations("common");
  return (
    <>
      <button
        type="button"
        className="button button--secondary"
        disabled={pending}
        aria-busy={pending || undefined}
        onClick={() => setAsking(true)}
      >
        {label}
        {about && <span className="visually-hidden"> {about}</span>}
      </button>
      {asking && (
        <Dialog title={title} onClose={() => setAsking(false)} testId={testId ?? "confirm-dialog"}>
          <div className="dialog__body">{children}</div>
          <div className="actions">
            <button
              type="button"
              className="button button--danger"
              onClick={() => {
                setAsking(false);
                onConfirm();
              }}
            >
              {label}
            </button>
            <button type="button" className="button button--secondary" onClick={() => setAsking(false)}>
              {t("cancel")}
            </button>
          </div>
        </Dialog>
      )}
    </>
  );
}
