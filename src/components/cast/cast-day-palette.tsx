"use client";

import { useDeferredValue, useState, type DragEvent } from "react";
import Link from "next/link";
import { Field, SelectField } from "@/components/form/field";
import { FormStatus } from "@/components/form/form-status";
import { formatDuration } from "@/server/rest/wire";
import { errorMessageOf } from "@/lib/trpc/errors";
import { trpc } from "@/lib/trpc/react";
import { newKey, parseLength, type DayRow } from "./day-rows";

/** How many matching box contents the side list shows. */
const PICK_FROM = 20;

type NewRow = Omit<DayRow, "startsAt">;

/**
 * The side list of the day editor: the box's READY contents (searchable), a break and a live slot
 * (a stream of the creator's, for a length). Each is dragged into the day, or added at its end with
 * its button (the keyboard's way).
 */
export function CastDayPalette({ onCarry, onAdd }: { onCarry: (row: NewRow | undefined) => void; onAdd: (row: NewRow) => void }) {
  const [find, setFind] = useState("");
  const queryString = useDeferredValue(find);
  const [breakLength, setBreakLength] = useState("1:00");
  const [liveLength, setLiveLength] = useState("30:00");
  const [streamId, setStreamId] = useState("");
  const search = trpc.box.search.useQuery({ queryString, pageIndex: 0, pageSize: PICK_FROM });
  const streams = trpc.cast.searchStreams.useQuery({ pageIndex: 0, pageSize: 100 });
  const ready = search.data?.items.filter((i) => i.status === "READY") ?? [];
  const stream = streams.data?.items.find((s) => s.streamId === streamId) ?? streams.data?.items[0];

  const breakRow = (): NewRow | undefined => {
    const seconds = parseLength(breakLength);
    return seconds ? { key: newKey(), itemType: "BREAK", title: "Break", tags: [], seconds, offset: 0 } : undefined;
  };
  const liveRow = (): NewRow | undefined => {
    const seconds = parseLength(liveLength);
    return seconds && stream
      ? {
          key: newKey(),
          itemType: "LIVE",
          sourceId: stream.streamId,
          sourceName: stream.name,
          title: stream.name,
          tags: [],
          seconds,
          offset: 0,
        }
      : undefined;
  };
  /** A tile of the list: dragged in, or added with its button. */
  const tile = (make: () => NewRow | undefined) => ({
    draggable: true,
    onDragStart: (ev: DragEvent<HTMLElement>) => {
      ev.dataTransfer.effectAllowed = "copy";
      ev.dataTransfer.setData("text/plain", "program");
      onCarry(make());
    },
    onDragEnd: () => onCarry(undefined),
  });
  const add = (make: () => NewRow | undefined) => {
    const row = make();
    if (row) onAdd(row);
  };

  return (
    <aside className="card cast-palette" aria-labelledby="palette-title" data-testid="cast-palette">
      <h2 id="palette-title">Add to the day</h2>
      <p className="muted">Drag into the day, or add at its end.</p>
      <div className="cast-palette__tile" {...tile(breakRow)} data-testid="cast-pick-break">
        <strong>Break</strong> <span className="muted">(the slate)</span>
        <Field name="breakLength" label="Break length (m:ss)" value={breakLength} onChange={(e) => setBreakLength(e.target.value)} />
        <button type="button" className="button button--secondary" onClick={() => add(breakRow)}>
          Add a break
        </button>
      </div>
      <div className="cast-palette__tile" {...tile(liveRow)} data-testid="cast-pick-live">
        <strong>Live slot</strong>
        {streams.data && streams.data.items.length === 0 ? (
          <p className="muted">
            No stream yet: <Link href="/cast">create one</Link> to relay OBS here.
          </p>
        ) : (
          <>
            <SelectField
              name="liveStream"
              label="Stream"
              value={stream?.streamId ?? ""}
              onChange={(e) => setStreamId(e.target.value)}
              options={(streams.data?.items ?? []).map((s) => ({ value: s.streamId, label: s.name }))}
            />
            <Field name="liveLength" label="Slot length (m:ss)" value={liveLength} onChange={(e) => setLiveLength(e.target.value)} />
            <button type="button" className="button button--secondary" disabled={!stream} onClick={() => add(liveRow)}>
              Add a live slot
            </button>
          </>
        )}
      </div>
      <h3>Your box</h3>
      <Field
        name="findContent"
        label="Find a content"
        type="search"
        value={find}
        onChange={(ev) => setFind(ev.target.value)}
        onKeyDown={(ev) => ev.key === "Enter" && ev.preventDefault()}
        placeholder="Titles, descriptions and tags"
      />
      <FormStatus error={errorMessageOf(search.error ?? streams.error)} />
      {search.data && ready.length === 0 && (
        <p className="muted">
          {queryString ? "No ready content matches." : "No ready content in your box yet."} <Link href="/box">Upload one in your Box.</Link>
        </p>
      )}
      <ul className="cast-palette__list">
        {ready.map((i) => {
          const make = (): NewRow => ({
            key: newKey(),
            itemType: "PRERECORDED",
            sourceId: i.boxId,
            sourceName: i.title,
            title: i.title,
            tags: [],
            seconds: Math.max(1, Math.floor(i.durationSeconds ?? 0)),
            offset: 0,
            maxSeconds: i.durationSeconds ?? undefined,
          });
          return (
            <li key={i.boxId} className="cast-palette__tile" {...tile(make)} data-testid="cast-pick">
              <span>
                {i.title} <span className="muted">· {formatDuration(i.durationSeconds)}</span>
              </span>
              <button type="button" className="button button--secondary" onClick={() => add(make)}>
                Add<span className="visually-hidden"> {i.title}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </aside>
  );
}
