"use client";

import { useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { TextAreaField } from "@/components/form/field";
import { FormStatus } from "@/components/form/form-status";
import { formReader } from "@/components/form/read-form";
import { FormActions } from "@/components/form/submit-button";
import { errorMessageOf, fieldErrorsOf } from "@/components/trpc/errors";
import { trpc } from "@/components/trpc/react";

/** The owner's one appeal of a takedown (notices.appeal): what they say, sent once; the page then shows it waiting. */
export function AppealForm({ takedownId }: { takedownId: string }) {
  const t = useTranslations("report.notices");
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const appeal = trpc.notices.appeal.useMutation({ onSuccess: () => router.refresh() });
  const fieldErrors = fieldErrorsOf(appeal.error);

  if (!open)
    return (
      <button type="button" className="button button--secondary" onClick={() => setOpen(true)} data-testid="appeal-open">
        {t("appeal")}
      </button>
    );
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    appeal.mutate({ takedownId, text: formReader(e.currentTarget).text("text") });
  }
  return (
    <form onSubmit={submit} noValidate aria-label={t("appealForm")}>
      <FormStatus
        error={Object.keys(fieldErrors).length ? undefined : errorMessageOf(appeal.error)}
        fieldErrors={fieldErrors}
        labels={{ text: t("appealText") }}
      />
      <TextAreaField
        name="text"
        label={t("appealText")}
        hint={t("appealHint")}
        rows={4}
        maxLength={5000}
        required
        error={fieldErrors.text}
      />
      <FormActions pending={appeal.isPending} submit={t("sendAppeal")} onCancel={() => setOpen(false)} />
    </form>
  );
}
