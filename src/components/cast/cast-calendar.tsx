"use client";

import { useState, type FormEvent } from "react";
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import type { CastChannelView } from "@/server/domain/cast/cast-views";
import { Field } from "@/components/form/field";
import { FormStatus } from "@/components/form/form-status";
import { formReader } from "@/components/form/read-form";
import { SubmitButton } from "@/components/form/submit-button";
import { addDays, compactDay, dayStartMs, localDay, offsetOf, offsetRuns, parseDay } from "@/lib/cast-days";
import { castDayPath } from "@/lib/cast-urls";
import { errorMessageOf } from "@/components/trpc/errors";
import { trpc } from "@/components/trpc/react";
import { localDateText } from "./day-time";

/** A month view: six weeks from the Monday on or before the 1st. */
const GRID_DAYS = 42;
const MONTH_TITLE: Intl.DateTimeFormatOptions = { month: "long", year: "numeric" };

/** The first day of the grid showing the month `month` (yyyy-MM-01). */
function gridStart(month: string): string {
  const weekday = (new Date(dayStartMs(month)).getDay() + 6) % 7; // Monday 0
  return addDays(month, -weekday);
}

const monthOf = (day: string) => `${day.slice(0, 7)}-01`;
const shiftMonth = (month: string, n: number) => {
  const d = new Date(dayStartMs(month));
  return localDay(new Date(d.getFullYear(), d.getMonth() + n, 1));
};

/**
 * The month calendar of a channel (42 days, in the viewer's own days): each day's programs count,
 * opening its day editor; copy a range of days over another (a one-day source over a week fills the
 * week) and clear a range of days. A locked channel's calendar is read-only.
 */
export function CastCalendar({ channel }: { channel: CastChannelView }) {
  const locale = useLocale();
  const tr = useTranslations("cast.studio");
  const today = localDay();
  const [month, setMonth] = useState(monthOf(today));
  const [notice, setNotice] = useState<string>();
  const start = gridStart(month);
  const utils = trpc.useUtils();
  // one read per run of days sharing an offset (two across a daylight-saving change)
  const reads = trpc.useQueries((t) =>
    offsetRuns(start, GRID_DAYS).map((run) =>
      t.cast.getCalendar({ channelId: channel.channelId, date: compactDay(run.day), dayCount: run.count, offsetMs: run.offsetMs }),
    ),
  );
  const calendar = {
    data: reads.every((r) => r.data) ? reads.flatMap((r) => r.data!) : undefined,
    error: reads.find((r) => r.error)?.error,
  };
  const changed = async (text: string) => {
    setNotice(text);
    await utils.cast.getCalendar.invalidate();
  };
  const copy = trpc.cast.copyCalendar.useMutation({
    onSuccess: (r) => changed(tr("copiedPrograms", { count: r.programsCount })),
  });
  const clear = trpc.cast.deleteCalendar.useMutation({ onSuccess: () => changed(tr("cleared")) });
  const [formError, setFormError] = useState<string>();

  function range(form: ReturnType<typeof formReader>, dayName: string, countName: string) {
    const day = parseDay(form.text(dayName));
    const count = Number(form.text(countName));
    return day && Number.isInteger(count) && count >= 1 ? { day, count } : undefined;
  }

  function submitCopy(ev: FormEvent<HTMLFormElement>) {
    ev.preventDefault();
    setNotice(undefined);
    const form = formReader(ev.currentTarget);
    const from = range(form, "copyFrom", "copyFromDays");
    const to = range(form, "copyTo", "copyToDays");
    if (!from || !to) return setFormError(tr("giveRanges"));
    setFormError(undefined);
    copy.mutate({
      sourceChannelId: channel.channelId,
      destChannelId: channel.channelId,
      sourceStartDate: from.day,
      sourceDayCount: from.count,
      destStartDate: to.day,
      destDayCount: to.count,
      offsetMs: offsetOf(from.day),
    });
  }

  function submitClear(ev: FormEvent<HTMLFormElement>) {
    ev.preventDefault();
    setNotice(undefined);
    const r = range(formReader(ev.currentTarget), "clearFrom", "clearDays");
    if (!r) return setFormError(tr("giveClear"));
    setFormError(undefined);
    if (window.confirm(tr("confirmClear", { count: r.count, day: r.day })))
      clear.mutate({ channelId: channel.channelId, date: compactDay(r.day), dayCount: r.count, offsetMs: offsetOf(r.day) });
  }

  const days = calendar.data ?? [];
  return (
    <section className="card" aria-labelledby="calendar-title">
      <div className="page-head">
        <h2 id="calendar-title" data-testid="cast-calendar-month">
          {localDateText(dayStartMs(month), locale, MONTH_TITLE)}
        </h2>
        <div className="actions">
          <button type="button" className="button button--secondary" onClick={() => setMonth(shiftMonth(month, -1))}>
            {tr("previousMonth")}
          </button>
          <button type="button" className="button button--secondary" onClick={() => setMonth(monthOf(today))}>
            {tr("thisMonth")}
          </button>
          <button type="button" className="button button--secondary" onClick={() => setMonth(shiftMonth(month, 1))}>
            {tr("nextMonth")}
          </button>
        </div>
      </div>
      <FormStatus error={formError ?? errorMessageOf(calendar.error ?? copy.error ?? clear.error)} />
      {notice && (
        <p className="notice notice--info" role="status" data-testid="cast-calendar-notice">
          {notice}
        </p>
      )}
      <p className="muted">{tr("calendarHint")}</p>
      <div className="cast-calendar" aria-busy={!calendar.data || undefined} data-testid="cast-calendar">
        {tr("weekdays")
          .split(",")
          .map((w) => (
            <div key={w} className="cast-calendar__weekday" aria-hidden="true">
              {w}
            </div>
          ))}
        {Array.from({ length: GRID_DAYS }, (_, i) => {
          const day = addDays(start, i);
          const count = days[i]?.programs.length;
          const classes = ["cast-calendar__day", day.slice(0, 7) !== month.slice(0, 7) && "is-other-month", day === today && "is-today"];
          return (
            <Link
              key={day}
              href={castDayPath(channel.channelId, day)}
              className={classes.filter(Boolean).join(" ")}
              data-testid="cast-calendar-day"
              data-day={day}
              data-count={count ?? ""}
            >
              <span className="cast-calendar__date">
                {Number(day.slice(8))}
                {/* said after the number to those who do not see the grid: "1 November 2026: 3 programs" */}
                <span className="visually-hidden"> {localDateText(dayStartMs(day), locale, MONTH_TITLE)}:</span>
              </span>
              <span className="cast-calendar__count">
                {count === undefined ? "…" : count === 0 ? <span className="visually-hidden">{tr("noPrograms")}</span> : count}
                {!!count && <span className="visually-hidden">{count === 1 ? tr("programOne") : tr("programOther")}</span>}
              </span>
            </Link>
          );
        })}
      </div>
      {!channel.locked && (
        <div className="cast-calendar__tools">
          <form onSubmit={submitCopy} noValidate aria-label={tr("copyDays")} className="cast-range-form">
            <h3>{tr("copyDays")}</h3>
            <Field name="copyFrom" label={tr("fromDay")} type="date" defaultValue={today} required />
            <Field name="copyFromDays" label={tr("daysToCopy")} type="number" min={1} max={366} defaultValue={1} required />
            <Field name="copyTo" label={tr("overDay")} type="date" defaultValue={addDays(today, 1)} required />
            <Field name="copyToDays" label={tr("daysToFill")} type="number" min={1} max={366} defaultValue={1} required />
            <SubmitButton pending={copy.isPending}>{tr("copy")}</SubmitButton>
          </form>
          <form onSubmit={submitClear} noValidate aria-label={tr("clearDays")} className="cast-range-form">
            <h3>{tr("clearDays")}</h3>
            <Field name="clearFrom" label={tr("fromDay")} type="date" defaultValue={today} required />
            <Field name="clearDays" label={tr("daysToClear")} type="number" min={1} max={366} defaultValue={1} required />
            <SubmitButton pending={clear.isPending}>{tr("clear")}</SubmitButton>
          </form>
        </div>
      )}
    </section>
  );
}
