"use client";

import { useState, type FormEvent, type ReactNode } from "react";
import { useRouter } from "next/navigation";
import { Dialog } from "@/components/dialog";
import { FormStatus } from "@/components/form/form-status";
import { formReader } from "@/components/form/read-form";
import { FormActions } from "@/components/form/submit-button";
import { CopyField } from "@/components/share/copy-field";
import { errorMessageOf, fieldErrorsOf } from "@/components/trpc/errors";

/** What a create's mutation says of itself (a tRPC useMutation result). */
interface CreateState<T> {
  isPending: boolean;
  isSuccess: boolean;
  error: unknown;
  data: T | undefined;
  reset(): void;
}

/** What the dialog shows once the thing is made: a line, its secret with a Copy button, and why to copy it now. */
export interface SecretShown {
  message: ReactNode;
  secretLabel: string;
  secret: string;
  secretTestId: string;
  note: ReactNode;
}

/**
 * Making something whose answer holds a secret shown once (an OAuth client's secret, an API key, a
 * webhook's signing secret): a button opens a dialog with the form, its errors under the fields;
 * once made, the dialog shows the secret to copy instead of the form, and closing it reads the page
 * again.
 */
export function SecretOnceButton<T>({
  label,
  title,
  testId,
  state,
  labels,
  fields,
  send,
  shown,
  done,
}: {
  /** The button's and the submit's text. */
  label: string;
  title: string;
  /** The button's test id; the dialog's is `${testId}-dialog`. */
  testId: string;
  state: CreateState<T>;
  /** The label of each input, by name (FormStatus links to them). */
  labels: Record<string, string>;
  fields: (fieldErrors: Record<string, string>) => ReactNode;
  /** Starts the mutation with the submitted form. */
  send: (form: ReturnType<typeof formReader>) => void;
  shown: (data: T) => SecretShown;
  /** The text of the button that closes the dialog once the secret is shown. */
  done: string;
}) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const fieldErrors = fieldErrorsOf(state.error);
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    send(formReader(e.currentTarget));
  }
  function close() {
    setOpen(false);
    if (state.isSuccess) router.refresh();
  }
  const made = state.data === undefined ? undefined : shown(state.data);
  return (
    <>
      <button
        type="button"
        className="button"
        onClick={() => {
          state.reset();
          setOpen(true);
        }}
        data-testid={testId}
      >
        {label}
      </button>
      {open && (
        <Dialog title={title} onClose={close} testId={`${testId}-dialog`}>
          {made ? (
            <div role="status">
              <p>{made.message}</p>
              <CopyField label={made.secretLabel} value={made.secret} testId={made.secretTestId} />
              <p className="muted">{made.note}</p>
              <div className="actions">
                <button type="button" className="button" onClick={close}>
                  {done}
                </button>
              </div>
            </div>
          ) : (
            <form onSubmit={submit} noValidate>
              <FormStatus
                error={Object.keys(fieldErrors).length ? undefined : errorMessageOf(state.error)}
                fieldErrors={fieldErrors}
                labels={labels}
              />
              {fields(fieldErrors)}
              <FormActions pending={state.isPending} submit={label} onCancel={close} />
            </form>
          )}
        </Dialog>
      )}
    </>
  );
}
