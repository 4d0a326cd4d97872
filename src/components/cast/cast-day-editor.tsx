"use client";

import { useEffect, useRef, useState } from "react";
import Link from "next/link";
import type { CastChannelView } from "@/server/domain/cast/cast-views";
import type { CalendarDay } from "@/server/domain/cast/daily-programming";
import { FormStatus } from "@/components/form/form-status";
import { useHydrated } from "@/components/form/submit-button";
import { DragHandle } from "@/components/drag-handle";
import { useSortable } from "@/components/sortable";
import { addDays, clockOf, compactDay, dayQuery, dayStartMs, offsetOf } from "@/lib/cast-days";
import { castChannelAdminPath, castDayPath } from "@/lib/cast-urls";
import { errorMessageOf } from "@/lib/trpc/errors";
import { trpc } from "@/lib/trpc/react";
import { CastDayPalette } from "./cast-day-palette";
import {
  changeRow,
  chainFrom,
  dayProblems,
  endOf,
  insertRow,
  moveRow,
  lengthText,
  parseLength,
  removeRow,
  rowOf,
  type DayRow,
} from "./day-rows";

const dayTitle = new Intl.DateTimeFormat(undefined, { weekday: "long", day: "numeric", month: "long", year: "numeric" });
const KIND = { PRERECORDED: "Box content", LIVE: "Live", BREAK: "Break" } as const;

/** A clock time "HH:mm:ss" of the day -> its instant; undefined when it is not one. */
function instantAt(day: string, clock: string): number | undefined {
  const m = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(clock);
  if (!m) return undefined;
  const d = new Date(dayStartMs(day));
  return new Date(d.getFullYear(), d.getMonth(), d.getDate(), Number(m[1]), Number(m[2]), Number(m[3] ?? 0)).getTime();
}

const neighbour = (p: CalendarDay["programs"][number] | undefined) =>
  p && { title: p.title, startsAt: p.startsAt.getTime(), endsAt: p.endsAt.getTime() };

/**
 * The day editor of a channel: the day's programs in order with their start, end and length; box
 * contents, breaks and live slots dragged in from the side list (or added from the keyboard);
 * reorder by drag or with a row's handle and the arrow keys; a start or length typed. The draft is
 * checked against the scheduling rules as it changes (the problems said beside the programs they
 * involve); Save replaces the day. A locked channel's day is shown read-only.
 */
export function CastDayEditor(props: { channel: CastChannelView; day: string }) {
  // the day is the viewer's: nothing of it is rendered on the server, whose zone may differ
  return useHydrated() ? <DayEditor {...props} /> : <p className="muted">Loading…</p>;
}

function DayEditor({ channel, day }: { channel: CastChannelView; day: string }) {
  const utils = trpc.useUtils();
  const readOnly = channel.locked;
  // the day before (rule 4: where this one may start) and after (where it must end), in one read
  const around = trpc.cast.getCalendar.useQuery({
    channelId: channel.channelId,
    date: compactDay(addDays(day, -1)),
    dayCount: 3,
    offsetMs: offsetOf(day),
  });
  const [rows, setRows] = useState<DayRow[]>();
  const [carrying, setCarrying] = useState<Omit<DayRow, "startsAt">>();
  const [said, setSaid] = useState("");
  const [notice, setNotice] = useState<string>();
  const [dirty, setDirty] = useState(false);
  const [focusKey, setFocusKey] = useState<string>();
  const handles = useRef(new Map<string, HTMLButtonElement>());
  const save = trpc.cast.saveDay.useMutation({
    onSuccess: async (saved) => {
      setRows(saved.programs.map(rowOf));
      setDirty(false);
      setNotice(`The day was saved: ${saved.programs.length} program${saved.programs.length === 1 ? "" : "s"}.`);
      await utils.cast.getCalendar.invalidate();
    },
  });

  const loaded = around.data?.[1];
  useEffect(() => {
    if (loaded && rows === undefined) setRows(loaded.programs.map(rowOf));
  }, [loaded, rows]);
  useEffect(() => {
    if (focusKey) handles.current.get(focusKey)?.focus();
  }, [focusKey, rows]);
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

  const list = rows ?? [];
  const from = dayStartMs(day);
  const before = neighbour(around.data?.[0]?.programs.at(-1));
  const after = neighbour(around.data?.[2]?.programs[0]);
  const emptyDayStart = Math.max(from, before?.endsAt ?? from);
  const problems = dayProblems(list, from, before, after);

  const edit = (next: DayRow[], text?: string) => {
    setRows(next);
    setDirty(true);
    setNotice(undefined);
    if (text) setSaid(text);
  };
  const insert = (index: number, row: Omit<DayRow, "startsAt">) =>
    edit(insertRow(list, index, { ...row, startsAt: 0 }, emptyDayStart), `${row.title} added at position ${index + 1}.`);
  const move = (from: number, to: number, byKey: boolean) => {
    if (from === to || (from === list.length - 1 && to === list.length)) return;
    setFocusKey(byKey ? list[from]!.key : undefined);
    edit(moveRow(list, from, to), `${list[from]!.title} moved to position ${to + 1} of ${list.length}.`);
  };
  const sortable = useSortable({
    onMove: move,
    onDropIn: (index) => carrying && insert(index, carrying),
    accepting: carrying !== undefined && !readOnly,
  });

  function submit() {
    save.mutate({
      ...dayQuery(channel.channelId, day),
      programs: list.map((r) => ({
        programId: r.programId,
        startDate: new Date(r.startsAt),
        endDate: new Date(endOf(r)),
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
  const total = list.reduce((n, r) => n + r.seconds, 0);
  return (
    <>
      <div className="page-head">
        <p>
          <Link href={castChannelAdminPath(channel.channelId)}>← {channel.name}</Link>
        </p>
        <div className="actions">
          <Link className="button button--secondary" href={castDayPath(channel.channelId, addDays(day, -1))}>
            Previous day
          </Link>
          <Link className="button button--secondary" href={castDayPath(channel.channelId, addDays(day, 1))}>
            Next day
          </Link>
        </div>
      </div>
      <h1 data-testid="cast-day-title">{dayTitle.format(new Date(from))}</h1>
      {readOnly && (
        <p className="notice notice--info" data-testid="cast-day-locked">
          The channel is locked: its programming is read-only. Unlock it on the channel&apos;s page to change it.
        </p>
      )}
      <div className={readOnly ? "cast-day" : "cast-day cast-day--editing"}>
        <section className="card cast-day__programs" aria-labelledby="programs-title">
          <div className="page-head">
            <h2 id="programs-title">Programs</h2>
            {list.length > 0 && (
              <span className="muted" data-testid="cast-day-summary">
                {list.length} program{list.length === 1 ? "" : "s"} · {clockOf(list[0]!.startsAt)}–{clockOf(endOf(list.at(-1)!))} ·{" "}
                {lengthText(total)}
              </span>
            )}
          </div>
          <p className="muted" id="cast-reorder-help">
            Each program starts when the one before ends. Drag a program onto another to move it there, or focus its handle and use the
            arrow keys.
          </p>
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
              {problemCount === 1 ? "1 problem" : `${problemCount} problems`} to fix before saving: see the programs marked below.
            </p>
          )}
          {rows === undefined && !around.error && <p className="muted">Loading…</p>}
          <ol className="bundle-items cast-programs" aria-describedby="cast-reorder-help" data-testid="cast-day-programs">
            {list.map((r, index) => {
              const own = problems.get(index);
              const classes = [
                "bundle-items__row cast-program",
                `cast-program--${r.itemType.toLowerCase()}`,
                own && "has-problem",
                sortable.dragged === index && "is-dragged",
                sortable.over === index && sortable.dragged !== index && "is-over",
              ];
              return (
                <li
                  key={r.key}
                  className={classes.filter(Boolean).join(" ")}
                  data-testid="cast-program"
                  data-type={r.itemType}
                  {...(readOnly ? {} : sortable.rowProps(index))}
                >
                  {!readOnly && (
                    <DragHandle
                      buttonRef={(el) => {
                        if (el) handles.current.set(r.key, el);
                        else handles.current.delete(r.key);
                      }}
                      onKeyDown={(ev) => sortable.handleKey(ev, index, list.length)}
                      label={`Move ${r.title}, position ${index + 1} of ${list.length}`}
                      describedBy="cast-reorder-help"
                    />
                  )}
                  <span className="bundle-items__index" aria-hidden="true">
                    {index + 1}
                  </span>
                  <div className="cast-program__main">
                    <div className="cast-program__head">
                      <span className="badge badge--muted">{KIND[r.itemType]}</span>{" "}
                      {readOnly ? (
                        <strong data-testid="cast-program-title">{r.title}</strong>
                      ) : (
                        <input
                          className="cast-program__title"
                          aria-label={`Title of program ${index + 1}`}
                          value={r.title}
                          onChange={(e) => edit(changeRow(list, index, { title: e.target.value }, false))}
                          data-testid="cast-program-title"
                        />
                      )}
                      {r.sourceName && r.sourceName !== r.title && <span className="muted"> · {r.sourceName}</span>}
                    </div>
                    <div className="cast-program__times">
                      <label>
                        Start{" "}
                        <input
                          type="time"
                          step={1}
                          value={clockOf(r.startsAt)}
                          readOnly={readOnly}
                          onChange={(e) => {
                            const at = instantAt(day, e.target.value);
                            if (at !== undefined) edit(changeRow(list, index, { startsAt: at }, false));
                          }}
                          aria-label={`Start of program ${index + 1}`}
                          data-testid="cast-program-start"
                        />
                      </label>
                      <span>
                        End <output data-testid="cast-program-end">{clockOf(endOf(r))}</output>
                      </span>
                      <LengthInput
                        seconds={r.seconds}
                        readOnly={readOnly}
                        label={`Length of program ${index + 1}`}
                        onChange={(seconds) => edit(changeRow(list, index, { seconds }, true))}
                      />
                    </div>
                    {own && (
                      <ul className="cast-program__problems" data-testid="cast-program-problem">
                        {own.map((text) => (
                          <li key={text}>{text}</li>
                        ))}
                      </ul>
                    )}
                  </div>
                  {!readOnly && (
                    <button
                      type="button"
                      className="button button--danger"
                      onClick={() => edit(removeRow(list, index), `${r.title} removed.`)}
                    >
                      Remove<span className="visually-hidden"> {r.title}</span>
                    </button>
                  )}
                </li>
              );
            })}
          </ol>
          {!readOnly && (
            <div
              className={`cast-dropzone${sortable.over === list.length ? " is-over" : ""}`}
              data-testid="cast-day-dropzone"
              {...sortable.rowProps(list.length)}
              draggable={false}
            >
              {list.length ? "Drop here to add at the end of the day" : "The day is empty: drag box contents, breaks and live slots here"}
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
                Save the day
              </button>
              <button
                type="button"
                className="button button--secondary"
                disabled={list.length === 0}
                onClick={() => edit(chainFrom(list, 0, list[0]!.startsAt), "The programs now follow one another.")}
              >
                Close gaps and overlaps
              </button>
              <button
                type="button"
                className="button button--secondary"
                disabled={!dirty}
                onClick={() => {
                  setRows(loaded?.programs.map(rowOf));
                  setDirty(false);
                }}
              >
                Undo changes
              </button>
            </div>
          )}
        </section>
        {!readOnly && <CastDayPalette onCarry={setCarrying} onAdd={(row) => insert(list.length, row)} />}
      </div>
    </>
  );
}

/** A program's length, typed as m:ss (or h:mm:ss); applied when it is one. */
function LengthInput({
  seconds,
  readOnly,
  label,
  onChange,
}: {
  seconds: number;
  readOnly: boolean;
  label: string;
  onChange: (s: number) => void;
}) {
  const [text, setText] = useState(lengthText(seconds));
  useEffect(() => setText(lengthText(seconds)), [seconds]);
  return (
    <label>
      Length{" "}
      <input
        className="cast-program__length"
        value={text}
        readOnly={readOnly}
        aria-label={label}
        onChange={(e) => setText(e.target.value)}
        onBlur={() => {
          const s = parseLength(text);
          if (s && s !== seconds) onChange(s);
          else setText(lengthText(seconds));
        }}
        data-testid="cast-program-length"
      />
    </label>
  );
}
