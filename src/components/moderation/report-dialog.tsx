"use client";

import { useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { Dialog } from "@/components/dialog";
import { Field, SelectField, TextAreaField } from "@/components/form/field";
import { FormStatus } from "@/components/form/form-status";
import { formReader } from "@/components/form/read-form";
import { FormActions } from "@/components/form/submit-button";
import { errorMessageOf, fieldErrorsOf } from "@/components/trpc/errors";
import { trpc } from "@/components/trpc/react";
import "./moderation.css";

export type ReportTargetType = "vod" | "bundle" | "liveChannel" | "castChannel" | "user";

const REASONS = ["spam", "sexual", "violence", "hate", "harassment", "copyright", "privacy", "illegal", "other"] as const;

/**
 * The Report button of every public page (watch, embed, creator, bundle, live, channel): a dialog
 * asking why (the reasons of admin.report), what exactly, and an address for the outcome (a signed-in
 * viewer is told at the account's). A copyright notice asks for what a takedown notice needs: the work,
 * its owner and where it is copied, and how to reach the sender.
 */
export function ReportDialog({
  targetType,
  targetId,
  signedIn,
  compact,
}: {
  targetType: ReportTargetType;
  targetId: string;
  signedIn: boolean;
  compact?: boolean;
}) {
  const t = useTranslations("report");
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<string>("spam");
  const report = trpc.admin.report.useMutation();
  const fieldErrors = fieldErrorsOf(report.error);
  const labels = { reason: t("reason"), details: t("details"), ...(signedIn ? {} : { email: t("email") }) };

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = formReader(e.currentTarget);
    report.mutate({
      targetType,
      targetId,
      reason: form.text("reason"),
      details: form.text("details") || undefined,
      email: signedIn ? undefined : form.text("email") || undefined,
    } as never);
  }

  return (
    <>
      <button
        type="button"
        className={compact ? "report-button report-button--compact" : "button button--secondary report-button"}
        onClick={() => {
          report.reset();
          setOpen(true);
        }}
        data-testid="report-open"
      >
        {t("button")}
      </button>
      {open && (
        <Dialog title={t("title")} onClose={() => setOpen(false)} testId="report-dialog">
          {report.isSuccess ? (
            <div role="status" data-testid="report-sent">
              <p>{t("sent")}</p>
              <p className="muted">{t("sentId", { id: report.data.id })}</p>
              <div className="actions">
                <button type="button" className="button" onClick={() => setOpen(false)}>
                  {t("close")}
                </button>
              </div>
            </div>
          ) : (
            <form onSubmit={submit} noValidate>
              <FormStatus
                error={Object.keys(fieldErrors).length ? undefined : errorMessageOf(report.error)}
                fieldErrors={fieldErrors}
                labels={labels}
              />
              <SelectField
                name="reason"
                label={t("reason")}
                required
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                options={REASONS.map((r) => ({ value: r, label: t(`reasons.${r}`) }))}
                error={fieldErrors.reason}
              />
              <TextAreaField
                name="details"
                label={t("details")}
                rows={4}
                maxLength={5000}
                hint={reason === "copyright" ? t("copyrightHint") : t("detailsHint")}
                error={fieldErrors.details}
              />
              {!signedIn && (
                <Field
                  name="email"
                  type="email"
                  label={t("email")}
                  autoComplete="email"
                  hint={reason === "copyright" ? t("emailRequired") : t("emailHint")}
                  error={fieldErrors.email}
                />
              )}
              <FormActions pending={report.isPending} submit={t("send")} onCancel={() => setOpen(false)} />
            </form>
          )}
        </Dialog>
      )}
    </>
  );
}
