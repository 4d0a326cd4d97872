"use client";

import { useEffect, useRef, type ReactNode } from "react";
import { useTranslations } from "next-intl";
import { fieldErrorText, fieldId } from "./read-form";

/**
 * What a submit produced, above the form. A field error's message is said once, under its input
 * (Field); here only a short line, "Check the 2 fields marked below", with a link to each invalid
 * input named by its label, so a keyboard user gets to them. An error on a field the form has no
 * input for has no other place: it is said here, with its message ("Activation link: ..."). Else
 * the error message, else a success note. Announced to screen readers; a new set of field errors
 * takes the focus, so a long form scrolls back up to it.
 */
export function FormStatus({
  error,
  fieldErrors = {},
  labels = {},
  sentWithoutInput = {},
  success,
}: {
  error?: string;
  /** The submit's field errors by input name (errorsByInput), or by field path for what has no input. */
  fieldErrors?: Record<string, string>;
  /** The label of each of the form's inputs, by its name (the field path it sends), in the form's order. */
  labels?: Record<string, string>;
  /** The words for the field paths the form sends without an input ("activationUrl": "Activation link"). */
  sentWithoutInput?: Record<string, string>;
  success?: ReactNode;
}) {
  const t = useTranslations("form");
  const invalid = Object.keys(labels).filter((name) => Object.hasOwn(fieldErrors, name));
  const elsewhere = Object.entries(fieldErrors).filter(([path]) => !Object.hasOwn(labels, path));
  const notice = useRef<HTMLDivElement>(null);
  const shown = JSON.stringify(Object.entries(fieldErrors));
  useEffect(() => {
    if (shown !== "[]") notice.current?.focus();
  }, [shown]);

  if (invalid.length + elsewhere.length > 0) {
    // the server's summary ("Validation failed: 2 invalid field(s)") says nothing the fields do not
    return (
      <div className="notice notice--error" role="alert" tabIndex={-1} ref={notice}>
        {invalid.length > 0 && (
          <>
            <p className="notice__title">{t("checkFields", { count: invalid.length })}</p>
            <ul className="notice__fields">
              {invalid.map((name) => (
                <li key={name}>
                  <a href={`#${fieldId(name)}`}>{labels[name]}</a>
                </li>
              ))}
            </ul>
          </>
        )}
        {elsewhere.map(([path, message]) => (
          <p key={path}>{fieldErrorText(path, message, { ...labels, ...sentWithoutInput })}</p>
        ))}
      </div>
    );
  }
  if (error) {
    return (
      <div className="notice notice--error" role="alert">
        <p>{error}</p>
      </div>
    );
  }
  if (success) {
    return (
      <div className="notice notice--success" role="status">
        {success}
      </div>
    );
  }
  return null;
}
