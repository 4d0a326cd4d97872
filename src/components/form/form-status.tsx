import type { ReactNode } from "react";
import { fieldId, fieldLabel } from "./read-form";

/**
 * What a submit produced: the error (with a summary of every field error, linked to its input)
 * or a success note. Announced to screen readers.
 */
export function FormStatus({
  error,
  fieldErrors = {},
  success,
}: {
  error?: string;
  fieldErrors?: Record<string, string>;
  success?: ReactNode;
}) {
  const fields = Object.entries(fieldErrors);
  if (error) {
    return (
      <div className="notice notice--error" role="alert">
        <p>{error}</p>
        {fields.length > 0 && (
          <ul>
            {fields.map(([field, message]) => (
              <li key={field}>
                <a href={`#${fieldId(field)}`}>
                  {fieldLabel(field)}: {message}
                </a>
              </li>
            ))}
          </ul>
        )}
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
