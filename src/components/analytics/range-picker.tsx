"use client";

import { useEffect, useState, type FormEvent } from "react";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { Field } from "@/components/form/field";
import { isoDay } from "@/lib/format";

const DAY_MS = 86_400_000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The ranges one click away: the last 7, 28 and 90 days, today included. */
export const RANGE_PRESETS = [7, 28, 90] as const;

export interface DayRangeParams {
  from?: string;
  to?: string;
}

/** The range the page's address asks for (?from=&to=, UTC days); what is absent or not a day is left to the server's default. */
export function useRangeParams(): DayRangeParams {
  const params = useSearchParams();
  const day = (value: string | null) => (value && ISO_DAY.test(value) ? value : undefined);
  return { from: day(params.get("from")), to: day(params.get("to")) };
}

/** The last `days` days up to today (UTC). */
export function lastDays(days: number, now = Date.now()): { from: string; to: string } {
  return { from: isoDay(new Date(now - (days - 1) * DAY_MS)), to: isoDay(new Date(now)) };
}

/**
 * The range of an analytics page: two days and the presets. Choosing one puts it in the page's
 * address (?from=&to=), so the page can be shared and reloaded as it is; the page reads it back
 * (useRangeParams). `range` is the range the server answered for (its default when the address has
 * none), `error` its refusal of the one asked for.
 */
export function RangePicker({ range, error }: { range?: { from: string; to: string }; error?: string }) {
  const t = useTranslations("analytics.range");
  const router = useRouter();
  const pathname = usePathname();
  const asked = useRangeParams();
  const [from, setFrom] = useState(asked.from ?? range?.from ?? "");
  const [to, setTo] = useState(asked.to ?? range?.to ?? "");
  useEffect(() => {
    if (!range) return;
    setFrom(range.from);
    setTo(range.to);
  }, [range?.from, range?.to]);

  const go = (next: { from: string; to: string }) => {
    setFrom(next.from);
    setTo(next.to);
    router.push(`${pathname}?${new URLSearchParams(next)}`, { scroll: false });
  };
  const submit = (ev: FormEvent<HTMLFormElement>) => {
    ev.preventDefault();
    if (from && to) go({ from, to });
  };

  return (
    <form className="analytics-range" onSubmit={submit} aria-label={t("label")} data-testid="analytics-range">
      <div className="analytics-range__days">
        <Field
          name="from"
          type="date"
          label={t("from")}
          value={from}
          max={to || undefined}
          required
          error={error}
          onChange={(e) => setFrom(e.target.value)}
        />
        <Field name="to" type="date" label={t("to")} value={to} min={from || undefined} required onChange={(e) => setTo(e.target.value)} />
        <button type="submit" className="button button--secondary">
          {t("apply")}
        </button>
      </div>
      <div className="analytics-range__presets" role="group" aria-label={t("presets")}>
        {RANGE_PRESETS.map((days) => {
          const preset = lastDays(days);
          const current = !!range && range.from === preset.from && range.to === preset.to;
          return (
            <button
              key={days}
              type="button"
              className="button button--secondary"
              aria-pressed={current}
              data-testid={`range-preset-${days}`}
              onClick={() => go(lastDays(days))}
            >
              {t("last", { days })}
            </button>
          );
        })}
      </div>
      <p className="muted analytics-range__note">{t("utc")}</p>
    </form>
  );
}
