"use client";

import { useRef, useState, type FormEvent, type RefObject } from "react";
import { useTranslations } from "next-intl";
import type { BoxItemView } from "@/server/domain/box/box-item-view";
import type { Chapter } from "@/server/domain/captions/chapters";
import { Field, SelectField } from "@/components/form/field";
import { FormStatus } from "@/components/form/form-status";
import { SubmitButton } from "@/components/form/submit-button";
import { errorMessageOf, fieldErrorsOf } from "@/components/trpc/errors";
import { trpc } from "@/components/trpc/react";
import { formatTime } from "@/components/player/player-time";
import { BoxPreview } from "./box-preview";

/** A chapter's start as the editor writes it: "1:23", or "1:23.5" when it has tenths. */
export function timeInput(seconds: number): string {
  const tenths = Math.round((seconds % 1) * 10);
  return tenths ? `${formatTime(seconds)}.${tenths % 10}` : formatTime(seconds);
}

/** "83.5", "1:23.5" or "1:02:03" to seconds; NaN for anything else. */
export function parseTimeInput(text: string): number {
  const parts = text.trim().split(":");
  if (parts.length > 3 || parts.some((p) => !/^\d+(\.\d+)?$/.test(p))) return NaN;
  return parts.reduce((total, p) => total * 60 + Number(p), 0);
}

/** Sends a caption file to the portal's upload; the server's refusal as its message and field errors. */
async function sendCaption(boxId: string, form: HTMLFormElement): Promise<{ message?: string; fields: Record<string, string> }> {
  const res = await fetch(`/uploads/captions/${encodeURIComponent(boxId)}`, { method: "POST", body: new FormData(form) });
  if (res.ok) return { fields: {} };
  const body = (await res.json().catch(() => ({}))) as { message?: string; errors?: { field: string; message: string }[] };
  return {
    message: body.errors?.length ? undefined : (body.message ?? `HTTP ${res.status}`),
    fields: Object.fromEntries((body.errors ?? []).map((e) => [e.field, e.message])),
  };
}

/**
 * A box item's captions and chapters (issue 26): the item playing (its captions in the player's menu,
 * `c` toggles them), its caption tracks with a delete each, a WebVTT or SRT upload, and the chapter
 * editor, whose times can be taken from the player. An acquired content shows its seller's, read only.
 */
export function BoxTracksPanel({ item }: { item: BoxItemView }) {
  const t = useTranslations("box.tracks");
  const video = useRef<HTMLVideoElement>(null);
  // a new play after a change: the player reads the new master playlist
  const [round, setRound] = useState(0);
  const editable = item.source === "UPLOAD" && item.status === "READY";
  const utils = trpc.useUtils();
  const captions = trpc.captions.list.useQuery({ boxId: item.boxId });
  const changed = async () => {
    await utils.captions.invalidate();
    setRound((n) => n + 1);
  };
  const remove = trpc.captions.delete.useMutation({ onSuccess: changed });

  return (
    <section className="box-tracks" aria-label={t("title", { title: item.title })} data-testid="box-tracks">
      <BoxPreview key={round} item={item} videoRef={video} />
      <h4>{t("captions")}</h4>
      {captions.data && captions.data.length === 0 && <p className="muted">{t("noCaptions")}</p>}
      <ul className="box-tracks__list" data-testid="caption-list">
        {captions.data?.map((c) => (
          <li key={c.language} data-testid="caption-row" data-language={c.language}>
            <span lang={c.language}>{c.label}</span> <span className="muted">({c.language})</span>{" "}
            {c.kind === "captions" && <span className="badge">{t("forDeaf")}</span>}{" "}
            {c.source === "source" && <span className="badge">{t("fromSource")}</span>}{" "}
            <span className="muted">{t("cues", { count: c.cues })}</span>{" "}
            {editable && (
              <button
                type="button"
                className="link-button"
                disabled={remove.isPending}
                onClick={() => remove.mutate({ boxId: item.boxId, language: c.language })}
                aria-label={t("deleteCaption", { label: c.label })}
              >
                {t("delete")}
              </button>
            )}
          </li>
        ))}
      </ul>
      <FormStatus error={errorMessageOf(captions.error ?? remove.error)} />
      {editable && <CaptionUploadForm boxId={item.boxId} onDone={changed} />}
      <h4>{t("chapters")}</h4>
      <ChapterEditor item={item} editable={editable} video={video} onSaved={changed} />
    </section>
  );
}

const KNOWN_LANGUAGES = ["en", "it", "fr", "de", "es", "pt", "pt-BR", "nl", "pl", "sv", "ja", "zh-Hans", "zh-Hant", "ar", "ru", "uk"];

function CaptionUploadForm({ boxId, onDone }: { boxId: string; onDone: () => Promise<void> }) {
  const t = useTranslations("box.tracks");
  const LABELS = { file: t("file"), language: t("language"), label: t("label"), kind: t("kind") };
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<{ message?: string; fields: Record<string, string>; done?: boolean }>({ fields: {} });

  async function submit(ev: FormEvent<HTMLFormElement>) {
    ev.preventDefault();
    const form = ev.currentTarget;
    setSending(true);
    try {
      const outcome = await sendCaption(boxId, form);
      const done = !outcome.message && Object.keys(outcome.fields).length === 0;
      setResult({ ...outcome, done });
      if (done) {
        form.reset();
        await onDone();
      }
    } catch (err) {
      setResult({ message: errorMessageOf(err), fields: {} });
    } finally {
      setSending(false);
    }
  }

  return (
    <form className="form box-tracks__upload" onSubmit={submit} noValidate data-testid="caption-upload">
      <FormStatus error={result.message} fieldErrors={result.fields} labels={LABELS} success={result.done ? t("uploaded") : undefined} />
      <Field
        name="file"
        label={LABELS.file}
        type="file"
        accept=".vtt,.srt,text/vtt,application/x-subrip"
        required
        error={result.fields.file}
        hint={t("fileHint")}
      />
      <Field
        name="language"
        label={LABELS.language}
        required
        list="caption-languages"
        autoComplete="off"
        error={result.fields.language}
        hint={t("languageHint")}
      />
      <datalist id="caption-languages">
        {KNOWN_LANGUAGES.map((l) => (
          <option key={l} value={l} />
        ))}
      </datalist>
      <Field name="label" label={LABELS.label} maxLength={64} error={result.fields.label} hint={t("labelHint")} />
      <SelectField
        name="kind"
        label={LABELS.kind}
        error={result.fields.kind}
        options={[
          { value: "subtitles", label: t("kindSubtitles") },
          { value: "captions", label: t("kindCaptions") },
        ]}
      />
      <SubmitButton pending={sending}>{t("upload")}</SubmitButton>
    </form>
  );
}

interface Row {
  key: number;
  start: string;
  title: string;
}

function ChapterEditor({
  item,
  editable,
  video,
  onSaved,
}: {
  item: BoxItemView;
  editable: boolean;
  video: RefObject<HTMLVideoElement | null>;
  onSaved: () => Promise<void>;
}) {
  const t = useTranslations("box.tracks");
  const chapters = trpc.captions.chapters.useQuery({ boxId: item.boxId });
  const [rows, setRows] = useState<Row[]>();
  const [next, setNext] = useState(1000);
  const save = trpc.captions.setChapters.useMutation({
    onSuccess: async () => {
      await onSaved();
      setRows(undefined);
    },
  });
  const shown: Row[] = rows ?? (chapters.data ?? []).map((c: Chapter, i) => ({ key: i, start: timeInput(c.start), title: c.title }));
  const edit = (change: (list: Row[]) => Row[]) => setRows(change(shown));
  const now = () => timeInput(Math.floor((video.current?.currentTime ?? 0) * 10) / 10);
  const errors = fieldErrorsOf(save.error);

  if (!editable)
    return shown.length === 0 ? (
      <p className="muted">{t("noChapters")}</p>
    ) : (
      <ol className="box-tracks__chapters" data-testid="chapter-list">
        {shown.map((r) => (
          <li key={r.key}>
            {r.start} {r.title}
          </li>
        ))}
      </ol>
    );

  return (
    <form
      className="form box-tracks__chapter-form"
      data-testid="chapter-editor"
      onSubmit={(ev) => {
        ev.preventDefault();
        save.mutate({ boxId: item.boxId, chapters: shown.map((r) => ({ start: parseTimeInput(r.start), title: r.title })) });
      }}
    >
      <FormStatus
        error={Object.keys(errors).length ? undefined : errorMessageOf(save.error)}
        fieldErrors={errors}
        sentWithoutInput={Object.fromEntries(
          shown.flatMap((r, i) => [
            [`chapters.${i}.start`, t("startOf", { n: i + 1 })],
            [`chapters.${i}.title`, t("titleOf", { n: i + 1 })],
          ]),
        )}
        success={save.isSuccess && !rows ? t("saved") : undefined}
      />
      {shown.length === 0 && <p className="muted">{t("noChapters")}</p>}
      <ol className="box-tracks__chapters">
        {shown.map((r, i) => (
          <li key={r.key} className="box-tracks__chapter" data-testid="chapter-row">
            <Field
              name={`chapters.${i}.start`}
              label={t("startOf", { n: i + 1 })}
              value={r.start}
              inputMode="decimal"
              error={errors[`chapters.${i}.start`]}
              onChange={(e) => {
                const start = e.currentTarget.value;
                edit((list) => list.map((x) => (x.key === r.key ? { ...x, start } : x)));
              }}
            />
            <Field
              name={`chapters.${i}.title`}
              label={t("titleOf", { n: i + 1 })}
              value={r.title}
              maxLength={200}
              error={errors[`chapters.${i}.title`]}
              onChange={(e) => {
                const title = e.currentTarget.value;
                edit((list) => list.map((x) => (x.key === r.key ? { ...x, title } : x)));
              }}
            />
            <button
              type="button"
              className="link-button"
              onClick={() => edit((list) => list.map((x) => (x.key === r.key ? { ...x, start: now() } : x)))}
            >
              {t("takeTime")}
            </button>
            <button
              type="button"
              className="link-button"
              onClick={() => edit((list) => list.filter((x) => x.key !== r.key))}
              aria-label={t("removeOf", { n: i + 1 })}
            >
              {t("remove")}
            </button>
          </li>
        ))}
      </ol>
      <div className="actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            setNext((n) => n + 1);
            edit((list) => [...list, { key: next, start: now(), title: "" }]);
          }}
          data-testid="chapter-add"
        >
          {t("addChapter")}
        </button>
        <SubmitButton pending={save.isPending}>{t("saveChapters")}</SubmitButton>
      </div>
    </form>
  );
}
