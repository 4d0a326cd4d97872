"use client";

import { useEffect, useState, type InputHTMLAttributes } from "react";

/**
 * A text input for a value people type in words or digits (a clock time, a length): it shows
 * `format(value)`, and applies what `parse` reads of the text, as it is typed (`live`) or on leaving
 * the field and on Enter; text that is not a value is marked invalid while focused, then put back.
 */
export function FormattedInput({
  value,
  format,
  parse,
  onApply,
  live = false,
  ...input
}: {
  value: number;
  format: (v: number) => string;
  parse: (text: string) => number | undefined;
  onApply: (v: number) => void;
  live?: boolean;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "onChange">) {
  const [text, setText] = useState(format(value));
  const [focused, setFocused] = useState(false);
  useEffect(() => {
    if (!focused) setText(format(value));
  }, [value, focused, format]);
  const apply = (t: string) => {
    const v = parse(t);
    if (v !== undefined && v !== value) onApply(v);
    return v;
  };
  return (
    <input
      {...input}
      value={text}
      aria-invalid={parse(text) === undefined || undefined}
      onFocus={() => setFocused(true)}
      onBlur={() => {
        setFocused(false);
        if (apply(text) === undefined) setText(format(value));
      }}
      onKeyDown={(e) => e.key === "Enter" && apply(text)}
      onChange={(e) => {
        setText(e.target.value);
        if (live) apply(e.target.value);
      }}
    />
  );
}
