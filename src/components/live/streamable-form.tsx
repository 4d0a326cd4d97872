"use client";

import { useState, type FormEvent } from "react";
import { useMutation } from "@tanstack/react-query";
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

/** What the form of one kind (ChannelForm, CastChannelForm, CastStreamForm) is given by the page. */
export interface StreamableFormProps<Saved> {
  /** The one to edit; none: the form creates one. */
  initial?: Saved;
  onSaved: (saved: Saved) => void;
  onCancel?: () => void;
}

/**
 * The form that creates or saves what has a stream path: a live channel, a cast channel, a cast
 * stream. Its name, stream path (generated from the name by the stream path operation, or typed),
 * description, tags and, with `withPublic`, the listing. The fields go to the kind's `create`
 * operation, or to its `update` of `initial`; once saved, `refresh` marks the kind's lists stale, then
 * `onSaved` gets what the server answered. Updates send every field: what is left empty is cleared.
 * The server checks everything; its field errors are said under the fields.
 */
export function StreamableForm<Saved extends Partial<StreamableFields>>({
  initial,
  withPublic = false,
  generate,
  create,
  update,
  refresh,
  onSaved,
  submitLabel,
  ariaLabel,
  onCancel,
}: StreamableFormProps<Saved> & {
  withPublic?: boolean;
  /** A fresh stream path from a name. */
  generate: (base: string) => Promise<string>;
  create: (fields: StreamableFields) => Promise<Saved>;
  update: (initial: Saved, fields: StreamableFields) => Promise<Saved>;
  refresh: () => Promise<void>;
  submitLabel: string;
  ariaLabel: string;
}) {
  const saving = useMutation({
    mutationFn: (fields: StreamableFields) => (initial ? update(initial, fields) : create(fields)),
    onSuccess: async (saved: Saved) => {
      await refresh();
      onSaved(saved);
    },
  });
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
    saving.mutate({
      name: form.text("name"),
      streamPath: path,
      description: form.text("description"),
      tags: splitTags(form.text("tags")),
      ...(withPublic ? { public: form.checked("public") } : {}),
    });
  }

  const e = errorsByInput(fieldErrorsOf(saving.error), labels);
  return (
    <form method="post" onSubmit={(ev) => void submit(ev)} noValidate className="bundle-form" aria-label={ariaLabel}>
      <FormStatus error={errorMessageOf(saving.error)} fieldErrors={e} labels={labels} />
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
      <FormActions pending={saving.isPending} submit={submitLabel} onCancel={onCancel} />
    </form>
  );
}
