"use client";

import { useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { CheckboxField, Field, TextAreaField } from "@/components/form/field";
import { FormStatus } from "@/components/form/form-status";
import { FormActions } from "@/components/form/submit-button";
import { errorsByInput, formReader } from "@/components/form/read-form";
import { errorMessageOf, fieldErrorsOf } from "@/components/trpc/errors";
import { splitTags } from "@/lib/tags";

/** The fields a live channel, a cast channel and a cast stream share (and a live channel's listing). */
export interface StreamableFields {
  name: string;
  streamPath: string;
  description: string;
  tags: string[];
  public?: boolean;
}

/**
 * The form of what has a stream path: a live channel, a cast channel, a cast stream. Its name,
 * stream path (generated from the name by the stream path operation, or typed), description, tags
 * and, with `withPublic`, the listing. Updates send every field: what is left empty is cleared.
 * The server checks everything; its field errors are said under the fields.
 */
export function StreamableForm({
  initial,
  withPublic = false,
  generate,
  onSubmit,
  pending,
  error,
  submitLabel,
  ariaLabel,
  onCancel,
}: {
  initial?: Partial<StreamableFields>;
  withPublic?: boolean;
  /** A fresh stream path from a name. */
  generate: (base: string) => Promise<string>;
  onSubmit: (fields: StreamableFields) => void;
  pending: boolean;
  error: unknown;
  submitLabel: string;
  ariaLabel: string;
  onCancel?: () => void;
}) {
  const t = useTranslations("live.studio");
  const labels = {
    name: t("name"),
    streamPath: t("streamPath"),
    description: t("description"),
    public: t("listedPublic"),
    tags: t("tags"),
  };
  const [streamPath, setStreamPath] = useState(initial?.streamPath ?? "");
  const [generating, setGenerating] = useState(false);

  async function generateFrom(name: string) {
    setGenerating(true);
    try {
      setStreamPath(await generate(name));
    } finally {
      setGenerating(false);
    }
  }

  async function submit(ev: FormEvent<HTMLFormElement>) {
    ev.preventDefault();
    const form = formReader(ev.currentTarget);
    // a new one without a stream path gets one generated from its name
    const path = streamPath || (initial ? "" : await generate(form.text("name")));
    setStreamPath(path);
    onSubmit({
      name: form.text("name"),
      streamPath: path,
      description: form.text("description"),
      tags: splitTags(form.text("tags")),
      ...(withPublic ? { public: form.checked("public") } : {}),
    });
  }

  const e = errorsByInput(fieldErrorsOf(error), labels);
  return (
    <form method="post" onSubmit={(ev) => void submit(ev)} noValidate className="bundle-form" aria-label={ariaLabel}>
      <FormStatus error={errorMessageOf(error)} fieldErrors={e} labels={labels} />
      <Field name="name" label={labels.name} required defaultValue={initial?.name} error={e.name} maxLength={200} />
      <div className="live-form__row">
        <Field
          name="streamPath"
          label={labels.streamPath}
          required
          value={streamPath}
          onChange={(ev) => setStreamPath(ev.currentTarget.value)}
          error={e.streamPath}
          autoComplete="off"
          spellCheck={false}
          hint={t("streamPathHint")}
        />
        <button
          type="button"
          className="button button--secondary"
          disabled={generating}
          onClick={(ev) => void generateFrom(String(new FormData(ev.currentTarget.form!).get("name") ?? ""))}
          data-testid="generate-stream-path"
        >
          {t("generate")}
        </button>
      </div>
      <TextAreaField name="description" label={labels.description} rows={3} defaultValue={initial?.description} error={e.description} />
      {withPublic && (
        <CheckboxField
          name="public"
          label={labels.public}
          defaultChecked={initial?.public ?? true}
          error={e.public}
          hint={t("unlistedHint")}
        />
      )}
      <Field name="tags" label={labels.tags} defaultValue={initial?.tags?.join(", ")} error={e.tags} hint={t("tagsHint")} />
      <FormActions pending={pending} submit={submitLabel} onCancel={onCancel} />
    </form>
  );
}
