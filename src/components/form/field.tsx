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

/**
 * What is said under an input: the error first (the only place its message is said; the form's
 * FormStatus only links to it), then the hint, each under an id the input is described by.
 */
function FieldNotes({ name, error, hint }: { name: string; error?: string; hint?: ReactNode }) {
  const id = fieldId(name);
  return (
    <>
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
      {hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
    </>
  );
}

/** The input's own attributes: its id and name, invalid when it has an error, described by its notes (in the order shown). */
function controlProps(name: string, error?: string, hint?: ReactNode) {
  const id = fieldId(name);
  const describedBy = [error ? `${id}-error` : "", hint ? `${id}-hint` : ""].filter(Boolean).join(" ");
  return { id, name, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy || undefined };
}

/** A labelled input with its hint; an error marks it invalid and is said under it, describing it. */
export function Field({ name, label, error, hint, className, ...input }: Common & Omit<InputHTMLAttributes<HTMLInputElement>, "name">) {
  return (
    <div className={`field ${error ? "field--invalid" : ""} ${className ?? ""}`}>
      <label htmlFor={fieldId(name)}>
        {label}
        {input.required && <span aria-hidden="true"> *</span>}
      </label>
      <input {...controlProps(name, error, hint)} {...input} />
      <FieldNotes name={name} error={error} hint={hint} />
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
  return (
    <div className={`field ${error ? "field--invalid" : ""} ${className ?? ""}`}>
      <label htmlFor={fieldId(name)}>{label}</label>
      <textarea {...controlProps(name, error, hint)} {...input} />
      <FieldNotes name={name} error={error} hint={hint} />
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
  return (
    <div className={`field ${error ? "field--invalid" : ""} ${className ?? ""}`}>
      <label htmlFor={fieldId(name)}>
        {label}
        {select.required && <span aria-hidden="true"> *</span>}
      </label>
      <select {...controlProps(name, error, hint)} {...select}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldNotes name={name} error={error} hint={hint} />
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
  return (
    <div className={`field field--checkbox ${error ? "field--invalid" : ""} ${className ?? ""}`}>
      <input type="checkbox" {...controlProps(name, error, hint)} {...input} />
      <label htmlFor={fieldId(name)}>{label}</label>
      <FieldNotes name={name} error={error} hint={hint} />
    </div>
  );
}

/**
 * A group of options under a legend (radio buttons, checkboxes): the group's error is said under the
 * options and describes the group; the first option carries the field's id (optionId), so the form's
 * FormStatus links to the group.
 */
function OptionGroup({
  name,
  label,
  error,
  hint,
  className,
  kind,
  children,
}: Common & { kind: "radios" | "checkboxes"; children: ReactNode }) {
  const id = fieldId(name);
  const describedBy = [error ? `${id}-error` : "", hint ? `${id}-hint` : ""].filter(Boolean).join(" ");
  return (
    <fieldset
      className={`field field--${kind} ${error ? "field--invalid" : ""} ${className ?? ""}`}
      aria-describedby={describedBy || undefined}
    >
      <legend>{label}</legend>
      <div className={kind === "radios" ? "radio-options" : "checkbox-options"}>{children}</div>
      <FieldNotes name={name} error={error} hint={hint} />
    </fieldset>
  );
}

/** The id of a group's option: the field's own for the first one. */
const optionId = (name: string, value: string, index: number) => (index === 0 ? fieldId(name) : fieldId(`${name}.${value}`));

/** Radio buttons under a legend (OptionGroup), each option with a line saying what it means. */
export function RadioGroupField({
  options,
  value,
  onChange,
  ...group
}: Common & { options: { value: string; label: string; hint?: ReactNode }[]; value: string; onChange: (value: string) => void }) {
  return (
    <OptionGroup {...group} kind="radios">
      {options.map((o, i) => {
        const id = optionId(group.name, o.value, i);
        return (
          <div key={o.value} className="radio-option">
            <input
              type="radio"
              id={id}
              name={group.name}
              value={o.value}
              checked={value === o.value}
              onChange={() => onChange(o.value)}
              aria-invalid={group.error ? true : undefined}
              aria-describedby={o.hint ? `${id}-desc` : undefined}
            />
            <label htmlFor={id}>{o.label}</label>
            {o.hint && (
              <p className="radio-option__hint" id={`${id}-desc`}>
                {o.hint}
              </p>
            )}
          </div>
        );
      })}
    </OptionGroup>
  );
}

/** Checkboxes under a legend (OptionGroup), all of one name: the form data's getAll(name) is the list checked. */
export function CheckboxGroupField({
  options,
  defaultChecked = [],
  ...group
}: Common & { options: { value: string; label: string }[]; defaultChecked?: string[] }) {
  return (
    <OptionGroup {...group} kind="checkboxes">
      {options.map((o, i) => {
        const id = optionId(group.name, o.value, i);
        return (
          <div key={o.value} className="field--checkbox">
            <input
              type="checkbox"
              id={id}
              name={group.name}
              value={o.value}
              defaultChecked={defaultChecked.includes(o.value)}
              aria-invalid={group.error ? true : undefined}
            />
            <label htmlFor={id}>{o.label}</label>
          </div>
        );
      })}
    </OptionGroup>
  );
}
