"use client";

import { useEffect, useRef, useState } from "react";
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import type { CastChannelView } from "@/server/domain/cast/cast-views";
import type { CalendarDay } from "@/server/domain/cast/daily-programming";
import { FormStatus } from "@/components/form/form-status";
import { useHydrated } from "@/components/form/submit-button";
import { useSortable } from "@/components/sortable";
import { addDays, compactDay, dayQuery, dayStartMs, offsetOf } from "@/lib/cast-days";
import { castChannelAdminPath, castDayPath } from "@/lib/cast-urls";
import { errorMessageOf } from "@/components/trpc/errors";
import { trpc } from "@/components/trpc/react";
import { CastDayPalette, type Carried } from "./cast-day-palette";
import { CastDayProgram, type FocusTarget } from "./cast-day-program";
import { CastSaleConfirm } from "./cast-sale-confirm";
import { FormattedInput } from "./formatted-input";
import { dayProblems } from "./day-problems";
import { changeRow, draftOf, flow, insertRow, moveRow, removeRow, type DayRow } from "./day-rows";
import { clockText, durationText, localDateText, parseClock } from "./day-time";

const DAY_TITLE: Intl.DateTimeFormatOptions = { weekday: "long", day: "numeric", month: "long", year: "numeric" };

const neighbour = (p: CalendarDay["programs"][number] | undefined) =>
  p && { title: p.title, startsAt: p.startsAt.getTime(), endsAt: p.endsAt.getTime() };

interface Draft {
  start: number;
  rows: DayRow[];
}

/**
 * The day editor of a channel: a start time from which the day's programs flow back to back (each
 * starts when the one before ends, so a new start or length moves every later one); box contents,
 * breaks and live slots dragged in from the side list (or added with its buttons); reorder by drag,
 * with a row's grip and the arrow keys, or its Up and Down buttons. What would stop a save is said in
 * words beside the programs as the draft changes; a title sold pay-per-view or only in a bundle is
 * scheduled on the free channel only once confirmed. Save replaces the day. A locked channel's day is read-only.
 */
export function CastDayEditor(props: { channel: CastChannelView; day: string }) {
  // the day is the viewer's: nothing of it is rendered on the server, whose zone may differ
  const t = useTranslations("cast.day");
  return useHydrated() ? <DayEditor {...props} /> : <p className="muted">{t("loading")}</p>;
}

function DayEditor({ channel, day }: { channel: CastChannelView; day: string }) {
  const locale = useLocale();
  const t = useTranslations("cast.day");
  const utils = trpc.useUtils();
  const readOnly = channel.locked;
  // the day before (where this one may start) and after (where it must end), in one read
  const around = trpc.cast.getCalendar.useQuery({
    channelId: channel.channelId,
    date: compactDay(addDays(day, -1)),
    dayCount: 3,
    offsetMs: offsetOf(day),
  });
  const [draft, setDraft] = useState<Draft>();
  const [carrying, setCarrying] = useState<Carried>();
  const [asking, setAsking] = useState<{ carried: Carried; index: number }>();
  const [said, setSaid] = useState("");
  const [notice, setNotice] = useState<string>();
  const [dirty, setDirty] = useState(false);
  const [focus, setFocus] = useState<FocusTarget>();
  const buttons = useRef(new Map<string, HTMLButtonElement>());

  const from = dayStartMs(day);
  const before = neighbour(around.data?.[0]?.programs.at(-1));
  const after = neighbour(around.data?.[2]?.programs[0]);
  const loaded = around.data?.[1];
  const loadedDraft = () => loaded && draftOf(loaded.programs, Math.max(from, before?.endsAt ?? from));

  const save = trpc.cast.saveDay.useMutation({
    onSuccess: async (saved) => {
      setDraft(draftOf(saved.programs, draft?.start ?? from));
      setDirty(false);
      setNotice(t("saved", { count: saved.programs.length }));
      await utils.cast.getCalendar.invalidate();
    },
  });

  // the first read makes the draft; later reads (after a save) do not overwrite it
  useEffect(() => {
    if (loaded && draft === undefined) setDraft(loadedDraft());
  }, [loaded, draft]);
  useEffect(() => {
    const el = focus && (buttons.current.get(`${focus.key}:${focus.which}`) ?? buttons.current.get(`${focus.key}:handle`));
    if (el && !el.disabled) el.focus();
    else if (focus) buttons.current.get(`${focus.key}:${focus.which === "up" ? "down" : "up"}`)?.focus();
  }, [focus, draft]);
  // an unsaved day is not lost to a closed tab or a reload by mistake: the browser asks first
  useEffect(() => {
    if (!dirty) return;
    const ask = (ev: BeforeUnloadEvent) => {
      ev.preventDefault();
      ev.returnValue = "";
    };
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, [dirty]);

  const start = draft?.start ?? from;
  const list = draft?.rows ?? [];
  const placed = flow(start, list);
  const problems = dayProblems(t, placed, from, before, after);

  const edit = (change: Partial<Draft>, text?: string) => {
    setDraft({ start, rows: list, ...change });
    setDirty(true);
    setNotice(undefined);
    if (text) setSaid(text);
  };
  const insert = (index: number, row: DayRow) =>
    edit({ rows: insertRow(list, index, row) }, t("added", { title: row.title, position: index + 1 }));
  /** A sold title asks first; anything else goes in at once. */
  const offer = (index: number, carried: Carried) => {
    if (carried.sales?.length) setAsking({ carried, index });
    else insert(index, carried.row);
  };
  const move = (from: number, to: number, keep?: FocusTarget["which"]) => {
    if (from === to || (from === list.length - 1 && to === list.length)) return;
    const at = Math.min(to, list.length - 1);
    setFocus(keep ? { key: list[from]!.key, which: keep } : undefined);
    edit({ rows: moveRow(list, from, at) }, t("moved", { title: list[from]!.title, position: at + 1, count: list.length }));
  };
  const sortable = useSortable({
    onMove: (from, to, byKey) => move(from, to, byKey ? "handle" : undefined),
    onDropIn: (index) => carrying && offer(index, carrying),
    accepting: carrying !== undefined && !readOnly,
  });

  function submit() {
    save.mutate({
      ...dayQuery(channel.channelId, day),
      programs: placed.map((r) => ({
        programId: r.programId,
        startDate: new Date(r.startsAt),
        endDate: new Date(r.endsAt),
        programType: r.itemType,
        sourceId: r.sourceId,
        title: r.title,
        description: r.description,
        tags: r.tags,
        thumbnailId: r.thumbnailId,
        offset: r.offset,
      })),
    });
  }

  const problemCount = [...problems.values()].reduce((n, p) => n + p.length, 0);
  const end = placed.at(-1)?.endsAt;
  return (
    <>
      <div className="page-head">
        <p>
          <Link href={castChannelAdminPath(channel.channelId)}>← {channel.name}</Link>
        </p>
        <div className="actions">
          <Link className="button button--secondary" href={castDayPath(channel.channelId, addDays(day, -1))}>
            {t("previousDay")}
          </Link>
          <Link className="button button--secondary" href={castDayPath(channel.channelId, addDays(day, 1))}>
            {t("nextDay")}
          </Link>
        </div>
      </div>
      <h1 data-testid="cast-day-title">{localDateText(from, locale, DAY_TITLE)}</h1>
      {readOnly && (
        <p className="notice notice--info" data-testid="cast-day-locked">
          {t("locked")}
        </p>
      )}
      <div className={readOnly ? "cast-day" : "cast-day cast-day--editing"}>
        <section className="card cast-day__programs" aria-labelledby="programs-title">
          <div className="page-head">
            <h2 id="programs-title">{t("programs")}</h2>
            {end !== undefined && (
              <span className="muted" data-testid="cast-day-summary">
                {t("programCount", { count: list.length })} · {clockText(start)}–{clockText(end)}
                {end > from + 24 * 3600_000 ? t("theNextDay") : ""} · {durationText((end - start) / 1000)}
              </span>
            )}
          </div>
          {draft && (
            <DayStartField
              day={day}
              start={start}
              readOnly={readOnly}
              onChange={(at) => edit({ start: at }, t("startsAt", { time: clockText(at) }))}
            />
          )}
          {!readOnly && (
            <p className="muted" id="cast-reorder-help">
              {t("reorderHelp")}
            </p>
          )}
          <FormStatus error={errorMessageOf(around.error ?? save.error)} />
          <p className="visually-hidden" role="status" aria-live="polite">
            {said}
          </p>
          {notice && (
            <p className="notice notice--info" role="status" data-testid="cast-day-notice">
              {notice}
            </p>
          )}
          {problemCount > 0 && (
            <p className="notice notice--error" role="alert" data-testid="cast-day-problems">
              {t("problems", { count: problemCount })}
            </p>
          )}
          {draft === undefined && !around.error && <p className="muted">{t("loading")}</p>}
          <ol className="bundle-items cast-programs" aria-label={t("programsLabel")} data-testid="cast-day-programs">
            {placed.map((r, index) => (
              <CastDayProgram
                key={r.key}
                row={r}
                index={index}
                count={list.length}
                problems={problems.get(index)}
                readOnly={readOnly}
                className={[
                  "bundle-items__row cast-program",
                  `cast-program--${r.itemType.toLowerCase()}`,
                  problems.has(index) && "has-problem",
                  sortable.dragged === index && "is-dragged",
                  sortable.over === index && sortable.dragged !== index && "is-over",
                ]
                  .filter(Boolean)
                  .join(" ")}
                dragProps={readOnly ? {} : sortable.rowProps(index)}
                onHandleKey={(ev) => sortable.handleKey(ev, index, list.length)}
                onMove={(to, which) => move(index, to, which)}
                onChange={(change) => edit({ rows: changeRow(list, index, change) })}
                onRemove={() => edit({ rows: removeRow(list, index) }, t("removed", { title: r.title }))}
                buttonRef={(which, el) => {
                  const id = `${r.key}:${which}`;
                  if (el) buttons.current.set(id, el);
                  else buttons.current.delete(id);
                }}
              />
            ))}
          </ol>
          {!readOnly && (
            <div
              className={`cast-dropzone${sortable.over === list.length ? " is-over" : ""}`}
              data-testid="cast-day-dropzone"
              {...sortable.rowProps(list.length)}
              draggable={false}
            >
              {list.length ? t("dropEnd") : t("dropEmpty")}
            </div>
          )}
          {!readOnly && (
            <div className="actions">
              <button
                type="button"
                className="button"
                onClick={submit}
                disabled={save.isPending || problemCount > 0 || !dirty}
                aria-busy={save.isPending || undefined}
                data-testid="cast-day-save"
              >
                {t("saveDay")}
              </button>
              <button
                type="button"
                className="button button--secondary"
                disabled={!dirty}
                onClick={() => {
                  setDraft(loadedDraft());
                  setDirty(false);
                }}
              >
                {t("undo")}
              </button>
            </div>
          )}
        </section>
        {!readOnly && (
          <CastDayPalette channelId={channel.channelId} onCarry={setCarrying} onAdd={(carried) => offer(list.length, carried)} />
        )}
      </div>
      {asking && (
        <CastSaleConfirm
          title={asking.carried.row.title}
          sales={asking.carried.sales!}
          onCancel={() => setAsking(undefined)}
          onConfirm={() => {
            setAsking(undefined);
            insert(asking.index, asking.carried.row);
          }}
        />
      )}
    </>
  );
}

/** The day's start, typed on 24 hours (HH:MM or HH:MM:SS): every program moves with it as soon as it is a time. */
function DayStartField({
  day,
  start,
  readOnly,
  onChange,
}: {
  day: string;
  start: number;
  readOnly: boolean;
  onChange: (at: number) => void;
}) {
  const t = useTranslations("cast.day");
  const midnight = new Date(dayStartMs(day));
  const at = (seconds: number) => new Date(midnight.getFullYear(), midnight.getMonth(), midnight.getDate(), 0, 0, seconds).getTime();
  return (
    <div className="field cast-day-start">
      <label htmlFor="cast-day-start">{t("dayStartsAt")}</label>
      <FormattedInput
        id="cast-day-start"
        live
        value={start}
        format={clockText}
        parse={(text) => {
          const seconds = parseClock(text);
          return seconds === undefined ? undefined : at(seconds);
        }}
        onApply={onChange}
        readOnly={readOnly}
        inputMode="numeric"
        autoComplete="off"
        aria-describedby="cast-day-start-hint"
        data-testid="cast-day-start"
      />
      <p className="field__hint" id="cast-day-start-hint">
        {t("startHint")}
      </p>
    </div>
  );
}
