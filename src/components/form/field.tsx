import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { fieldId } from "./read-form";

interface Common {
  name: string;
  label: ReactNode;
  /** The field's error: marks the input invalid and is said under it (the form's FormStatus only links to it). */
  error?: string;
  hint?: ReactNode;
  className?: string;
}

function Hint({ name, hint }: { name: string; hint?: ReactNode }) {
  return hint ? (
    <p className="field__hint" id={`${fieldId(name)}-hint`}>
      {hint}
    </p>
  ) : null;
}

/** The message of a field error, the only place it is said: under its input, after the field's own label. */
function FieldError({ name, error }: { name: string; error?: string }) {
  return error ? (
    <p className="field__error" id={`${fieldId(name)}-error`}>
      {error}
    </p>
  ) : null;
}

// read in the order shown: the error first, then the hint
const describedBy = (name: string, error?: string, hint?: ReactNode) =>
  [error ? `${fieldId(name)}-error` : "", hint ? `${fieldId(name)}-hint` : ""].filter(Boolean).join(" ") || undefined;

/** A labelled input with its hint; an error marks it invalid and is said under it, describing it. */
export function Field({ name, label, error, hint, className, ...input }: Common & Omit<InputHTMLAttributes<HTMLInputElement>, "name">) {
  const id = fieldId(name);
  return (
    <div className={`field ${error ? "field--invalid" : ""} ${className ?? ""}`}>
      <label htmlFor={id}>
        {label}
        {input.required && <span aria-hidden="true"> *</span>}
      </label>
      <input id={id} name={name} aria-invalid={error ? true : undefined} aria-describedby={describedBy(name, error, hint)} {...input} />
      <FieldError name={name} error={error} />
      <Hint name={name} hint={hint} />
    </div>
  );
}

export function TextAreaField({
  name,
  label,
  error,
  hint,
  className,
  ...input
}: Common & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "name">) {
  const id = fieldId(name);
  return (
    <div className={`field ${error ? "field--invalid" : ""} ${className ?? ""}`}>
      <label htmlFor={id}>{label}</label>
      <textarea id={id} name={name} aria-invalid={error ? true : undefined} aria-describedby={describedBy(name, error, hint)} {...input} />
      <FieldError name={name} error={error} />
      <Hint name={name} hint={hint} />
    </div>
  );
}

export function SelectField({
  name,
  label,
  error,
  hint,
  className,
  options,
  ...select
}: Common & Omit<SelectHTMLAttributes<HTMLSelectElement>, "name"> & { options: { value: string; label: string }[] }) {
  const id = fieldId(name);
  return (
    <div className={`field ${error ? "field--invalid" : ""} ${className ?? ""}`}>
      <label htmlFor={id}>
        {label}
        {select.required && <span aria-hidden="true"> *</span>}
      </label>
      <select id={id} name={name} aria-invalid={error ? true : undefined} aria-describedby={describedBy(name, error, hint)} {...select}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldError name={name} error={error} />
      <Hint name={name} hint={hint} />
    </div>
  );
}

/** A checkbox with its label on the right. */
export function CheckboxField({
  name,
  label,
  error,
  hint,
  className,
  ...input
}: Common & Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "type">) {
  const id = fieldId(name);
  return (
    <div className={`field field--checkbox ${error ? "field--invalid" : ""} ${className ?? ""}`}>
      <input
        type="checkbox"
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(name, error, hint)}
        {...input}
      />
      <label htmlFor={id}>{label}</label>
      <FieldError name={name} error={error} />
      <Hint name={name} hint={hint} />
    </div>
  );
}
