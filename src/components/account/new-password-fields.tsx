import type { ReactNode } from "react";
import { Field } from "@/components/form/field";

/** The name of the new password's input: "password" on registration (users.register), "newPassword" on renew and password change. */
type NewPasswordName = "password" | "newPassword";

/** Both inputs: a password the browser may offer to generate and remember. */
const NEW_PASSWORD_INPUT = { type: "password", autoComplete: "new-password", required: true } as const;

/**
 * A new password and its repetition, as the forms that set one ask for them (register, renew,
 * account password), the hint under the first. `labels` and `errors` are the form's own, by input name.
 */
export function NewPasswordFields<Name extends NewPasswordName>({
  name,
  labels,
  errors,
  hint,
}: {
  name: Name;
  labels: Record<Name | "passwordConfirm", string>;
  errors: Record<string, string>;
  hint: ReactNode;
}) {
  return (
    <>
      <Field name={name} label={labels[name]} {...NEW_PASSWORD_INPUT} hint={hint} error={errors[name]} />
      <Field name="passwordConfirm" label={labels.passwordConfirm} {...NEW_PASSWORD_INPUT} error={errors.passwordConfirm} />
    </>
  );
}
