"use client";

import { useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import type { LiveEventView } from "@/server/domain/live/event-view";
import { moneyIn } from "@/lib/wire";
import { CheckboxField, Field, SelectField, TextAreaField } from "@/components/form/field";
import { FormStatus } from "@/components/form/form-status";
import { FormActions } from "@/components/form/submit-button";
import { errorsByInput, formReader } from "@/components/form/read-form";
import { errorMessageOf, fieldErrorsOf } from "@/components/trpc/errors";
import { splitTags } from "@/lib/tags";
import { trpc } from "@/components/trpc/react";

const labelsFor = (t: ReturnType<typeof useTranslations<"live.studio">>, currency: string) => ({
  name: t("name"),
  eventDate: t("starts"),
  endDate: t("ends"),
  paymentMode: t("colAccess"),
  pricePerView: t("ticketPrice", { currency }),
  description: t("description"),
  publicEvent: t("listedPublic"),
  recordEvent: t("recordEvent"),
  tags: t("tags"),
});

const pad = (n: number) => String(n).padStart(2, "0");
/** A date as a datetime-local input shows it: the viewer's own zone. */
export const localInputValue = (d: Date) =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
/** A datetime-local value read in the viewer's zone; empty is absent (the server says "is required"). */
const fromInput = (v: string) => (v ? new Date(v) : undefined);

/**
 * An event of a channel: name, start and end (date-time pickers in the viewer's zone), free or a
 * ticket price, description, listing, recording and tags. Creates one, or saves one (every field
 * sent: what is left empty is cleared). The server checks everything, overlaps with the channel's
 * other events included; its field errors are said under the fields.
 */
export function EventForm({
  channelId,
  event,
  currency,
  onSaved,
  onCancel,
}: {
  channelId: string;
  event?: LiveEventView;
  currency: string;
  onSaved: (event: LiveEventView) => void;
  onCancel?: () => void;
}) {
  const t = useTranslations("live.studio");
  const utils = trpc.useUtils();
  const [mode, setMode] = useState<string>(event?.paymentMode ?? "FREE");
  const done = async (saved: LiveEventView) => {
    await utils.live.searchEvents.invalidate();
    onSaved(saved);
  };
  const create = trpc.live.createEvent.useMutation({ onSuccess: done });
  const update = trpc.live.updateEvent.useMutation({ onSuccess: done });
  const mutation = event ? update : create;

  function submit(ev: FormEvent<HTMLFormElement>) {
    ev.preventDefault();
    const form = formReader(ev.currentTarget);
    const fields = {
      name: form.text("name"),
      paymentMode: form.text("paymentMode") as LiveEventView["paymentMode"],
      pricePerView: mode === "PAY_PER_VIEW" ? (moneyIn(form.text("pricePerView")) as number) : undefined,
      eventDate: fromInput(form.text("eventDate")) as Date,
      endDate: fromInput(form.text("endDate")) as Date,
      description: form.text("description"),
      publicEvent: form.checked("publicEvent"),
      recordEvent: form.checked("recordEvent"),
      thumbnailId: event?.thumbnailId,
      tags: splitTags(form.text("tags")),
    };
    if (event) update.mutate({ eventId: event.eventId, ...fields });
    else create.mutate({ channelId, ...fields });
  }

  const labels = labelsFor(t, currency);
  const e = errorsByInput(fieldErrorsOf(mutation.error), labels);
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <form method="post" onSubmit={submit} noValidate className="bundle-form" aria-label={event ? t("editEvent") : t("scheduleEvent")}>
      <FormStatus error={errorMessageOf(mutation.error)} fieldErrors={e} labels={labels} />
      <Field name="name" label={labels.name} required defaultValue={event?.name} error={e.name} maxLength={200} />
      <div className="bundle-form__period">
        <Field
          name="eventDate"
          label={labels.eventDate}
          type="datetime-local"
          required
          defaultValue={event ? localInputValue(event.startsAt) : ""}
          error={e.eventDate}
          hint={t("yourTime", { zone })}
        />
        <Field
          name="endDate"
          label={labels.endDate}
          type="datetime-local"
          required
          defaultValue={event ? localInputValue(event.endsAt) : ""}
          error={e.endDate}
        />
      </div>
      <SelectField
        name="paymentMode"
        label={labels.paymentMode}
        required
        value={mode}
        onChange={(ev) => setMode(ev.currentTarget.value)}
        options={[
          { value: "FREE", label: t("modeFree") },
          { value: "PAY_PER_VIEW", label: t("modeTicket") },
        ]}
        error={e.paymentMode}
      />
      {mode === "PAY_PER_VIEW" && (
        <Field
          name="pricePerView"
          label={labels.pricePerView}
          required
          inputMode="decimal"
          autoComplete="off"
          placeholder="4,90"
          defaultValue={event?.pricePerViewCents !== undefined ? (event.pricePerViewCents / 100).toFixed(2) : ""}
          className="field--price"
          error={e.pricePerView}
          hint={t("priceHint")}
        />
      )}
      <TextAreaField name="description" label={labels.description} rows={3} defaultValue={event?.description} error={e.description} />
      <CheckboxField name="publicEvent" label={labels.publicEvent} defaultChecked={event?.publicEvent ?? true} error={e.publicEvent} />
      <CheckboxField name="recordEvent" label={labels.recordEvent} defaultChecked={event?.recordEvent ?? false} error={e.recordEvent} />
      <Field name="tags" label={labels.tags} defaultValue={event?.tags.join(", ")} error={e.tags} hint={t("tagsHint")} />
      <FormActions pending={mutation.isPending} submit={event ? t("save") : t("scheduleTheEvent")} onCancel={onCancel} />
    </form>
  );
}
