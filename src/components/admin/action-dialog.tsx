"use client";

import { useState, type FormEvent, type ReactNode } from "react";
import { useRouter } from "next/navigation";
import { Dialog } from "@/components/dialog";
import { Field, SelectField, TextAreaField } from "@/components/form/field";
import { FormStatus } from "@/components/form/form-status";
import { formReader } from "@/components/form/read-form";
import { FormActions, useHydrated } from "@/components/form/submit-button";
import { errorMessageOf, fieldErrorsOf } from "@/components/trpc/errors";

export interface ActionField {
  name: string;
  label: string;
  kind: "textarea" | "select" | "text";
  options?: { value: string; label: string }[];
  required?: boolean;
  defaultValue?: string;
  hint?: ReactNode;
}

/** What an action's mutation says of itself (a tRPC useMutation result). */
export interface ActionState {
  isPending: boolean;
  error: unknown;
  reset(): void;
}

/**
 * A staff action of the console behind a button: a dialog asking for what the action needs (a
 * reason, an outcome), its errors under the fields; the page is read again once it succeeded. With no
 * fields, the button asks for a confirmation only.
 */
export function ActionDialog({
  label,
  title,
  text,
  fields = [],
  submit,
  danger,
  state,
  run,
  testId,
}: {
  label: string;
  title: string;
  text?: ReactNode;
  fields?: ActionField[];
  submit: string;
  danger?: boolean;
  state: ActionState;
  /** Runs the mutation with the form's values; resolves once it succeeded. */
  run: (values: Record<string, string>) => Promise<unknown>;
  testId?: string;
}) {
  const router = useRouter();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const fieldErrors = fieldErrorsOf(state.error);
  const labels = Object.fromEntries(fields.map((f) => [f.name, f.label]));

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = formReader(e.currentTarget);
    const values = Object.fromEntries(fields.map((f) => [f.name, form.text(f.name)]));
    try {
      await run(values);
    } catch {
      return; // said in the form
    }
    setOpen(false);
    router.refresh();
  }

  return (
    <>
      <button
        type="button"
        className={danger ? "button button--danger button--small" : "button button--secondary button--small"}
        disabled={!hydrated}
        onClick={() => {
          state.reset();
          setOpen(true);
        }}
        data-testid={testId}
      >
        {label}
      </button>
      {open && (
        <Dialog title={title} onClose={() => setOpen(false)} testId={testId && `${testId}-dialog`}>
          <form onSubmit={onSubmit} noValidate>
            {text && <p>{text}</p>}
            <FormStatus
              error={Object.keys(fieldErrors).length ? undefined : errorMessageOf(state.error)}
              fieldErrors={fieldErrors}
              labels={labels}
            />
            {fields.map((f) =>
              f.kind === "text" ? (
                <Field
                  key={f.name}
                  name={f.name}
                  label={f.label}
                  defaultValue={f.defaultValue}
                  required={f.required}
                  hint={f.hint}
                  error={fieldErrors[f.name]}
                />
              ) : f.kind === "select" ? (
                <SelectField
                  key={f.name}
                  name={f.name}
                  label={f.label}
                  options={f.options ?? []}
                  defaultValue={f.defaultValue}
                  required={f.required}
                  hint={f.hint}
                  error={fieldErrors[f.name]}
                />
              ) : (
                <TextAreaField
                  key={f.name}
                  name={f.name}
                  label={f.label}
                  defaultValue={f.defaultValue}
                  required={f.required}
                  rows={3}
                  hint={f.hint}
                  error={fieldErrors[f.name]}
                />
              ),
            )}
            <FormActions pending={state.isPending} submit={submit} onCancel={() => setOpen(false)} />
          </form>
        </Dialog>
      )}
    </>
  );
}
