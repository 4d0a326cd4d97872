"use client";

import { useDeferredValue, useState, type DragEvent } from "react";
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { Field, SelectField } from "@/components/form/field";
import { FormStatus } from "@/components/form/form-status";
import { errorMessageOf } from "@/components/trpc/errors";
import { trpc } from "@/components/trpc/react";
import type { TitleSale } from "@/server/domain/cast/title-sales";
import { newKey, type DayRow } from "./day-rows";
import { durationText, parseDuration } from "./day-time";
import { saleBadge } from "./sale-words";

/** How many matching box contents the side list shows. */
const PICK_FROM = 20;

/** What is added to the day: a row, and how its title is sold when it is (the editor asks before airing it free). */
export interface Carried {
  row: DayRow;
  sales?: TitleSale[];
}

type Make = () => Carried | undefined;

/**
 * The side list of the day editor: the box's READY contents (searchable), a break and a live slot
 * (a stream of the creator's, for a length). Each is dragged into the day, or added at its end with
 * its button (the keyboard's way, and the phone's). A content sold pay-per-view or only in a bundle
 * says so (titleSales).
 */
export function CastDayPalette({
  channelId,
  onCarry,
  onAdd,
}: {
  channelId: string;
  onCarry: (carried: Carried | undefined) => void;
  onAdd: (carried: Carried) => void;
}) {
  const t = useTranslations("cast.day");
  const words = { t, bundle: { t: useTranslations("bundlesPortal"), locale: useLocale() } };
  const [find, setFind] = useState("");
  const queryString = useDeferredValue(find);
  const [breakLength, setBreakLength] = useState("1 min");
  const [liveLength, setLiveLength] = useState("30 min");
  const [streamId, setStreamId] = useState("");
  const search = trpc.box.search.useQuery({ queryString, pageIndex: 0, pageSize: PICK_FROM });
  const streams = trpc.cast.searchStreams.useQuery({ pageIndex: 0, pageSize: 100 });
  const ready = search.data?.items.filter((i) => i.status === "READY") ?? [];
  const stream = streams.data?.items.find((s) => s.streamId === streamId) ?? streams.data?.items[0];
  const sold = trpc.cast.titleSales.useQuery({ channelId, boxIds: ready.map((i) => i.boxId) }, { enabled: ready.length > 0 });
  const salesOf = (boxId: string) => (sold.data?.channelFree ? sold.data.sales[boxId] : undefined);

  const breakRow: Make = () => {
    const seconds = parseDuration(breakLength);
    return seconds ? { row: { key: newKey(), itemType: "BREAK", title: t("break"), tags: [], seconds, offset: 0 } } : undefined;
  };
  const liveRow: Make = () => {
    const seconds = parseDuration(liveLength);
    return seconds && stream
      ? {
          row: {
            key: newKey(),
            itemType: "LIVE",
            sourceId: stream.streamId,
            sourceName: stream.name,
            title: stream.name,
            tags: [],
            seconds,
            offset: 0,
          },
        }
      : undefined;
  };
  /** A tile of the list: dragged in, or added with its button. */
  const tile = (make: Make) => ({
    draggable: true,
    onDragStart: (ev: DragEvent<HTMLElement>) => {
      ev.dataTransfer.effectAllowed = "copy";
      ev.dataTransfer.setData("text/plain", "program");
      onCarry(make());
    },
    onDragEnd: () => onCarry(undefined),
  });
  const add = (make: Make) => {
    const carried = make();
    if (carried) onAdd(carried);
  };

  return (
    <aside className="card cast-palette" aria-labelledby="palette-title" data-testid="cast-palette">
      <h2 id="palette-title">{t("addToDay")}</h2>
      <p className="muted">{t("dragHint")}</p>
      <div className="cast-palette__tile" {...tile(breakRow)} data-testid="cast-pick-break">
        <strong>{t("break")}</strong> <span className="muted">{t("slate")}</span>
        <Field
          name="breakLength"
          label={t("breakLength")}
          hint={t("lengthHint")}
          value={breakLength}
          onChange={(e) => setBreakLength(e.target.value)}
        />
        <button type="button" className="button button--secondary" onClick={() => add(breakRow)}>
          {t("addBreak")}
        </button>
      </div>
      <div className="cast-palette__tile" {...tile(liveRow)} data-testid="cast-pick-live">
        <strong>{t("liveSlot")}</strong>
        {streams.data && streams.data.items.length === 0 ? (
          <p className="muted">{t.rich("noStream", { link: (chunks) => <Link href="/cast">{chunks}</Link> })}</p>
        ) : (
          <>
            <SelectField
              name="liveStream"
              label={t("stream")}
              value={stream?.streamId ?? ""}
              onChange={(e) => setStreamId(e.target.value)}
              options={(streams.data?.items ?? []).map((s) => ({ value: s.streamId, label: s.name }))}
            />
            <Field name="liveLength" label={t("slotLength")} value={liveLength} onChange={(e) => setLiveLength(e.target.value)} />
            <button type="button" className="button button--secondary" disabled={!stream} onClick={() => add(liveRow)}>
              {t("addLive")}
            </button>
          </>
        )}
      </div>
      <h3>{t("yourBox")}</h3>
      <Field
        name="findContent"
        label={t("findContent")}
        type="search"
        value={find}
        onChange={(ev) => setFind(ev.target.value)}
        onKeyDown={(ev) => ev.key === "Enter" && ev.preventDefault()}
        placeholder={t("findPlaceholder")}
      />
      <FormStatus error={errorMessageOf(search.error ?? streams.error ?? sold.error)} />
      {search.data && ready.length === 0 && (
        <p className="muted">
          {queryString ? t("noMatch") : t("noReady")} <Link href="/box">{t("upload")}</Link>
        </p>
      )}
      <ul className="cast-palette__list">
        {ready.map((i) => {
          const sales = salesOf(i.boxId);
          const make: Make = () => ({
            row: {
              key: newKey(),
              itemType: "PRERECORDED",
              sourceId: i.boxId,
              sourceName: i.title,
              title: i.title,
              tags: [],
              seconds: Math.max(1, Math.floor(i.durationSeconds ?? 0)),
              offset: 0,
              maxSeconds: i.durationSeconds ?? undefined,
            },
            sales,
          });
          return (
            <li key={i.boxId} className="cast-palette__tile" {...tile(make)} data-testid="cast-pick">
              <span>
                {i.title} <span className="muted">· {durationText(i.durationSeconds ?? 0)}</span>
                {sales && (
                  <>
                    {" "}
                    <span className="badge badge--pay-per-view" data-testid="cast-pick-sold">
                      {saleBadge(words, sales)}
                    </span>
                  </>
                )}
              </span>
              <button type="button" className="button button--secondary" onClick={() => add(make)}>
                {t("add")}
                <span className="visually-hidden"> {i.title}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </aside>
  );
}
