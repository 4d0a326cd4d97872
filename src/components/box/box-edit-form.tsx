"use client";

import { useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import type { BoxItemView } from "@/server/domain/box/box-item-view";
import { Field, TextAreaField } from "@/components/form/field";
import { FormStatus } from "@/components/form/form-status";
import { SubmitButton } from "@/components/form/submit-button";
import { errorsByInput, formReader } from "@/components/form/read-form";
import { errorMessageOf, fieldErrorsOf } from "@/components/trpc/errors";
import { splitTags } from "@/lib/tags";
import { trpc } from "@/components/trpc/react";

/** Sends an image to the portal's thumbnail upload; its id, or the server's message as an Error. */
async function uploadThumbnail(file: File, failed: (status: number) => string): Promise<string> {
  const body = new FormData();
  body.append("thumbnail", file);
  const res = await fetch("/uploads/thumbnail", { method: "POST", body });
  const json = (await res.json().catch(() => ({}))) as { thumbnailId?: string; message?: string };
  if (!res.ok || !json.thumbnailId) throw new Error(json.message ?? failed(res.status));
  return json.thumbnailId;
}

/** Title, description, tags and thumbnail of a box item (box.update sends them all: what is left out is cleared). */
export function BoxEditForm({ item, onDone }: { item: BoxItemView; onDone: () => void }) {
  const t = useTranslations("box");
  // the labels of the form's inputs, by the field path each sends; its FormStatus links to the invalid ones by them
  const LABELS = {
    title: t("labels.title"),
    description: t("labels.description"),
    tags: t("labels.tags"),
    thumbnailId: t("labels.thumbnailId"),
  };
  const utils = trpc.useUtils();
  const update = trpc.box.update.useMutation({
    onSuccess: async () => {
      await utils.box.search.invalidate();
      onDone();
    },
  });
  const [imageError, setImageError] = useState<string>();
  const [sending, setSending] = useState(false);

  async function submit(ev: FormEvent<HTMLFormElement>) {
    ev.preventDefault();
    const form = formReader(ev.currentTarget);
    const file = (ev.currentTarget.elements.namedItem("thumbnailId") as HTMLInputElement | null)?.files?.[0];
    setImageError(undefined);
    setSending(true);
    try {
      const thumbnailId = file ? await uploadThumbnail(file, (status) => t("imageUploadFailed", { status })) : item.thumbnailId;
      update.mutate({
        boxId: item.boxId,
        title: form.text("title"),
        description: form.text("description"),
        tags: splitTags(form.text("tags")),
        thumbnailId,
      });
    } catch (err) {
      setImageError(errorMessageOf(err));
    } finally {
      setSending(false);
    }
  }

  // a failed image upload is what this submit produced: the field errors of an earlier one are stale
  const e = imageError ? {} : errorsByInput(fieldErrorsOf(update.error), LABELS);
  return (
    <form method="post" onSubmit={submit} noValidate className="box-edit" aria-label={t("editLabel", { title: item.title })}>
      <FormStatus error={imageError ?? errorMessageOf(update.error)} fieldErrors={e} labels={LABELS} />
      <Field name="title" label={LABELS.title} defaultValue={item.title} required maxLength={200} error={e.title} />
      <TextAreaField name="description" label={LABELS.description} defaultValue={item.description ?? ""} rows={3} error={e.description} />
      <Field name="tags" label={LABELS.tags} hint={t("tagsHint")} defaultValue={item.tags.join(", ")} error={e.tags} />
      <Field
        name="thumbnailId"
        label={LABELS.thumbnailId}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        hint={t("thumbnailHint")}
        error={e.thumbnailId}
      />
      <div className="actions">
        <SubmitButton pending={sending || update.isPending}>{t("save")}</SubmitButton>
        <button type="button" className="button button--secondary" onClick={onDone}>
          {t("cancel")}
        </button>
      </div>
    </form>
  );
}
