"use client";

import { useTranslations } from "next-intl";
import { useSyncExternalStore, type ReactNode } from "react";

const noSubscription = () => () => {};

/** False in the server's HTML and during hydration, true once React handles events. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * A form's submit button, disabled until hydrated: a click before React handles the submit would
 * send the form natively (the password into a URL) instead of calling the procedure.
 */
export function SubmitButton({ pending, children, className = "button" }: { pending?: boolean; children: ReactNode; className?: string }) {
  const hydrated = useHydrated();
  return (
    <button className={className} type="submit" disabled={!hydrated || pending} aria-busy={pending || undefined}>
      {children}
    </button>
  );
}

/** A dialog form's buttons: submit, and Cancel when the form can be left without saving. */
export function FormActions({ pending, submit, onCancel }: { pending?: boolean; submit: ReactNode; onCancel?: () => void }) {
  const t = useTranslations("common");
  return (
    <div className="actions">
      <SubmitButton pending={pending}>{submit}</SubmitButton>
      {onCancel && (
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {t("cancel")}
        </button>
      )}
    </div>
  );
}
