import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { fieldId } from "./read-form";

interface Common {
  name: string;
  label: ReactNode;
  /** The field's error: marks the input invalid (the message itself is shown by the form's FormStatus). */
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

// The message of a field error is shown once, in the form's FormStatus, under this same id.
const describedBy = (name: string, error?: string, hint?: ReactNode) =>
  [hint ? `${fieldId(name)}-hint` : "", error ? `${fieldId(name)}-error` : ""].filter(Boolean).join(" ") || undefined;

/** A labelled input with its hint; a server-side error marks it invalid and describes it by the FormStatus line of that error. */
export function Field({ name, label, error, hint, className, ...input }: Common & Omit<InputHTMLAttributes<HTMLInputElement>, "name">) {
  const id = fieldId(name);
  return (
    <div className={`field ${error ? "field--invalid" : ""} ${className ?? ""}`}>
      <label htmlFor={id}>
        {label}
        {input.required && <span aria-hidden="true"> *</span>}
      </label>
      <input id={id} name={name} aria-invalid={error ? true : undefined} aria-describedby={describedBy(name, error, hint)} {...input} />
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
      <Hint name={name} hint={hint} />
    </div>
  );
}
