"use client";

import { useEffect, useRef, type ReactNode } from "react";
import { fieldErrorText, fieldId } from "./read-form";

/**
 * What a submit produced, shown once, above the form: every field error in the form's own words
 * ("Repeat the password: must equal the password", the label from `labels`), linked to its input
 * (which is marked invalid and described by this line), else the error message, else a success
 * note. Announced to screen readers; a new list of field errors takes the focus, so a long form
 * scrolls back up to it.
 */
export function FormStatus({
  error,
  fieldErrors = {},
  labels = {},
  success,
}: {
  error?: string;
  fieldErrors?: Record<string, string>;
  /** The form's label of each field path it sends (a readable form of the path otherwise). */
  labels?: Record<string, string>;
  success?: ReactNode;
}) {
  // in the order of the form (its labels), then any the form has no label for
  const order = Object.keys(labels);
  const rank = (field: string) => (order.includes(field) ? order.indexOf(field) : order.length);
  const fields = Object.entries(fieldErrors).sort(([a], [b]) => rank(a) - rank(b));
  const notice = useRef<HTMLDivElement>(null);
  const shown = fields.map(([field, message]) => `${field}\n${message}`).join("\n");
  useEffect(() => {
    if (shown) notice.current?.focus();
  }, [shown]);

  if (fields.length > 0) {
    // the server's summary ("Validation failed: 2 invalid field(s)") says nothing the list does not
    return (
      <div className="notice notice--error" role="alert" tabIndex={-1} ref={notice}>
        <ul className="notice__fields">
          {fields.map(([field, message]) => (
            <li key={field} id={`${fieldId(field)}-error`}>
              <a href={`#${fieldId(field)}`}>{fieldErrorText(field, message, labels)}</a>
            </li>
          ))}
        </ul>
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
