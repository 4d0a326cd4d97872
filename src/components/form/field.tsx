import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { fieldId } from "./read-form";

interface Common {
  name: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  className?: string;
}

function Described({ name, error, hint }: { name: string; error?: string; hint?: ReactNode }) {
  const id = fieldId(name);
  return (
    <>
      {hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </>
  );
}

const describedBy = (name: string, error?: string, hint?: ReactNode) =>
  [hint ? `${fieldId(name)}-hint` : "", error ? `${fieldId(name)}-error` : ""].filter(Boolean).join(" ") || undefined;

/** A labelled input with its hint and its server-side error, linked for screen readers. */
export function Field({ name, label, error, hint, className, ...input }: Common & Omit<InputHTMLAttributes<HTMLInputElement>, "name">) {
  const id = fieldId(name);
  return (
    <div className={`field ${error ? "field--invalid" : ""} ${className ?? ""}`}>
      <label htmlFor={id}>
        {label}
        {input.required && <span aria-hidden="true"> *</span>}
      </label>
      <input id={id} name={name} aria-invalid={error ? true : undefined} aria-describedby={describedBy(name, error, hint)} {...input} />
      <Described name={name} error={error} hint={hint} />
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
      <Described name={name} error={error} hint={hint} />
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
      <Described name={name} error={error} hint={hint} />
    </div>
  );
}

/** A checkbox with its label on the right; the error sits below. */
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
      <Described name={name} error={error} hint={hint} />
    </div>
  );
}
