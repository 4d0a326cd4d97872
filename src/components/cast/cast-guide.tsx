"use client";

import { useEffect, useState, type ReactNode } from "react";
import { useLocale, useTranslations } from "next-intl";
import type { ProgramView } from "@/server/domain/cast/program-view";
import { useHydrated } from "@/components/form/submit-button";
import { addDays, dayQuery, dayStartMs, localDay } from "@/lib/cast-days";
import { trpc } from "@/components/trpc/react";
import { clockText, localDateText } from "./day-time";

/** The guide's width of one hour, in CSS pixels. */
const HOUR_PX = 240;
const HOUR_MS = 3600_000;
const CLOCK_MS = 1000;
const DAY_TITLE: Intl.DateTimeFormatOptions = { weekday: "long", day: "numeric", month: "long" };

const onAirAt = (p: ProgramView, at: number) => p.startsAt.getTime() <= at && at < p.endsAt.getTime();

/** Now or Next: the program's title, its times, its catch-up link for a box content. */
function Slot({ label, program, loading, testId }: { label: string; program?: ProgramView; loading: boolean; testId: string }) {
  const t = useTranslations("cast");
  return (
    <div className="card" data-testid={testId}>
      <span className="cast-now-next__label">{label}</span>
      {program ? (
        <>
          <strong data-testid={`${testId}-title`}>{program.itemType === "BREAK" ? t("break") : program.title}</strong>
          <div className="muted">
            {clockText(program.startsAt.getTime())}–{clockText(program.endsAt.getTime())}
          </div>
          {program.watchUrl && (
            <a href={program.watchUrl} data-testid={`${testId}-watch`}>
              {t.rich("watchFromStart", { title: program.title, hidden: (chunks) => <span className="visually-hidden">{chunks}</span> })}
            </a>
          )}
        </>
      ) : (
        <div className="muted">{loading ? "…" : t("nothingScheduled")}</div>
      )}
    </div>
  );
}

/**
 * The public channel's schedule in the viewer's own time zone: Now and Next above the player, and
 * under it a day grid of the guide (hours across, programs sized by their length, the one on air
 * highlighted, a line at now), with the day before and after a click away. The days come from the
 * public daily programming read.
 */
export function CastSchedule({ channelId, player, children }: { channelId: string; player: ReactNode; children: ReactNode }) {
  const t = useTranslations("cast");
  const locale = useLocale();
  const hydrated = useHydrated();
  const [now, setNow] = useState(() => Date.now());
  const today = localDay(new Date(now));
  const [shown, setShown] = useState<string>();
  const day = shown ?? today;
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), CLOCK_MS);
    return () => clearInterval(timer);
  }, []);
  // yesterday's last program may still be on air, and tomorrow's first is next after today's last
  const yesterday = trpc.cast.getPublicDay.useQuery(dayQuery(channelId, addDays(today, -1)), { enabled: hydrated });
  const current = trpc.cast.getPublicDay.useQuery(dayQuery(channelId, today), { enabled: hydrated });
  const tomorrow = trpc.cast.getPublicDay.useQuery(dayQuery(channelId, addDays(today, 1)), { enabled: hydrated });
  const grid = trpc.cast.getPublicDay.useQuery(dayQuery(channelId, day), { enabled: hydrated });
  const around = [yesterday, current, tomorrow];
  const loading = !hydrated || around.some((q) => q.isPending);
  const programs = around.flatMap((q) => q.data?.programs ?? []);
  const onAir = programs.find((p) => onAirAt(p, now));
  const next = programs.find((p) => p.startsAt.getTime() >= (onAir?.endsAt.getTime() ?? now));

  return (
    <>
      <div className="cast-now-next" aria-live="polite">
        <Slot label={t("now")} program={onAir} loading={loading} testId="cast-now" />
        <Slot label={t("next")} program={next} loading={loading} testId="cast-next" />
      </div>
      {player}
      {children}
      <section className="card" aria-labelledby="guide-title">
        <div className="page-head">
          <h2 id="guide-title">{hydrated ? t("guideOf", { day: localDateText(dayStartMs(day), locale, DAY_TITLE) }) : t("guide")}</h2>
          <div className="actions">
            <button type="button" className="button button--secondary" onClick={() => setShown(addDays(day, -1))}>
              {t("previousDay")}
            </button>
            <button type="button" className="button button--secondary" onClick={() => setShown(undefined)} disabled={day === today}>
              {t("today")}
            </button>
            <button type="button" className="button button--secondary" onClick={() => setShown(addDays(day, 1))}>
              {t("nextDay")}
            </button>
          </div>
        </div>
        {hydrated && grid.data && <DayGrid day={day} programs={grid.data.programs} now={now} />}
        {(!hydrated || !grid.data) && <p className="muted">{t("loadingGuide")}</p>}
      </section>
    </>
  );
}

/** One day of the guide: 24 hours across (scrolled to now), each program a block as long as it lasts. */
function DayGrid({ day, programs, now }: { day: string; programs: ProgramView[]; now: number }) {
  const t = useTranslations("cast");
  const from = dayStartMs(day);
  const x = (ms: number) => ((ms - from) / HOUR_MS) * HOUR_PX;
  const nowX = x(now);
  const width = 24 * HOUR_PX;
  return (
    <>
      {programs.length === 0 && <p className="muted">{t("emptyDay")}</p>}
      <div
        className="cast-guide"
        data-testid="cast-guide"
        // a region that scrolls sideways: reachable by keyboard (arrows scroll it), named for assistive technology
        tabIndex={0}
        role="region"
        aria-label={t("guideLabel")}
        ref={(el) => {
          // once, on the first drawing: now in view
          if (el && !el.dataset.scrolled && nowX >= 0 && nowX <= width) {
            el.scrollLeft = Math.max(0, nowX - el.clientWidth / 3);
            el.dataset.scrolled = "1";
          }
        }}
      >
        <div className="cast-guide__track" style={{ width }}>
          {Array.from({ length: 24 }, (_, h) => (
            <span key={h} className="cast-guide__hour" style={{ left: h * HOUR_PX }} aria-hidden="true">
              {String(h).padStart(2, "0")}:00
            </span>
          ))}
          <ol className="cast-guide__list" aria-label={t("programsLabel")}>
            {programs.map((p) => {
              const start = p.startsAt.getTime();
              const live = onAirAt(p, now);
              const classes = ["cast-guide__program", p.itemType === "BREAK" && "is-break", live && "is-on-air"];
              return (
                <li
                  key={p.programId}
                  className={classes.filter(Boolean).join(" ")}
                  style={{ left: x(start), width: Math.max(2, x(p.endsAt.getTime()) - x(start)) }}
                  title={`${clockText(start)}–${clockText(p.endsAt.getTime())} ${p.title}`}
                  data-testid="cast-guide-program"
                  data-on-air={live || undefined}
                  aria-current={live ? "true" : undefined}
                >
                  <span className="muted">{clockText(start)}</span>{" "}
                  {p.watchUrl ? <a href={p.watchUrl}>{p.title}</a> : p.itemType === "BREAK" ? t("break") : p.title}
                </li>
              );
            })}
          </ol>
          {nowX >= 0 && nowX <= width && <span className="cast-guide__now" style={{ left: nowX }} aria-hidden="true" />}
        </div>
      </div>
    </>
  );
}
