"use client";

import type { HTMLAttributes, KeyboardEvent } from "react";
import { useTranslations } from "next-intl";
import { DragHandle } from "@/components/drag-handle";
import type { PlacedRow } from "./day-rows";
import { clockText, durationText, parseDuration } from "./day-time";
import { FormattedInput } from "./formatted-input";

const KIND = { PRERECORDED: "kindBox", LIVE: "kindLive", BREAK: "kindBreak" } as const;

/** The buttons of a row that keep the focus across a move (the row's key and which one). */
export type FocusTarget = { key: string; which: "handle" | "up" | "down" };

/**
 * One program of the day editor: its kind and title, its times (placed by the flow: not typed), its
 * length, what stands in the way of saving it in words, and (editing) its grip, Move up / Move down and Remove.
 */
export function CastDayProgram({
  row,
  index,
  count,
  problems,
  readOnly,
  className,
  dragProps,
  onHandleKey,
  onMove,
  onChange,
  onRemove,
  buttonRef,
}: {
  row: PlacedRow;
  index: number;
  count: number;
  problems?: string[];
  readOnly: boolean;
  className: string;
  dragProps: HTMLAttributes<HTMLLIElement>;
  onHandleKey: (ev: KeyboardEvent<HTMLButtonElement>) => void;
  onMove: (to: number, which: FocusTarget["which"]) => void;
  onChange: (change: { title?: string; seconds?: number }) => void;
  onRemove: () => void;
  buttonRef: (which: FocusTarget["which"], el: HTMLButtonElement | null) => void;
}) {
  const t = useTranslations("cast.day");
  const position = t("position", { n: index + 1, count });
  return (
    <li className={className} data-testid="cast-program" data-type={row.itemType} {...dragProps}>
      {!readOnly && (
        <DragHandle
          buttonRef={(el) => buttonRef("handle", el)}
          onKeyDown={onHandleKey}
          label={t("moveHandle", { title: row.title, position })}
          describedBy="cast-reorder-help"
        />
      )}
      <div className="cast-program__main">
        <div className="cast-program__when">
          <span className="cast-program__clock">
            <span data-testid="cast-program-start">{clockText(row.startsAt)}</span>–
            <span data-testid="cast-program-end">{clockText(row.endsAt)}</span>
          </span>
          <span className="badge badge--muted">{t(KIND[row.itemType])}</span>
        </div>
        <div className="cast-program__head">
          {readOnly ? (
            <strong data-testid="cast-program-title">{row.title}</strong>
          ) : (
            <input
              className="cast-program__title"
              aria-label={t("titleOf", { n: index + 1 })}
              value={row.title}
              onChange={(e) => onChange({ title: e.target.value })}
              data-testid="cast-program-title"
            />
          )}
          {row.sourceName && row.sourceName !== row.title && <span className="muted">{row.sourceName}</span>}
        </div>
        <LengthInput seconds={row.seconds} readOnly={readOnly} index={index} onChange={(seconds) => onChange({ seconds })} />
        {problems && (
          <ul className="cast-program__problems" data-testid="cast-program-problem">
            {problems.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        )}
      </div>
      {!readOnly && (
        <div className="cast-program__actions">
          <button
            type="button"
            className="button button--secondary"
            ref={(el) => buttonRef("up", el)}
            disabled={index === 0}
            onClick={() => onMove(index - 1, "up")}
            aria-label={t("moveUp", { title: row.title, position })}
          >
            ↑<span className="cast-program__action-word">{t("up")}</span>
          </button>
          <button
            type="button"
            className="button button--secondary"
            ref={(el) => buttonRef("down", el)}
            disabled={index === count - 1}
            onClick={() => onMove(index + 1, "down")}
            aria-label={t("moveDown", { title: row.title, position })}
          >
            ↓<span className="cast-program__action-word">{t("down")}</span>
          </button>
          <button type="button" className="button button--secondary" onClick={onRemove}>
            {t("remove")}
            <span className="visually-hidden"> {row.title}</span>
          </button>
        </div>
      )}
    </li>
  );
}

/** A program's length as "1 h 05 min" (also typed as 65 min, 1:05:00, ...); applied on leaving the field. */
function LengthInput({
  seconds,
  readOnly,
  index,
  onChange,
}: {
  seconds: number;
  readOnly: boolean;
  index: number;
  onChange: (s: number) => void;
}) {
  const t = useTranslations("cast.day");
  if (readOnly)
    return (
      <span className="cast-program__length-text" data-testid="cast-program-length">
        {durationText(seconds)}
      </span>
    );
  return (
    <label className="cast-program__length-field">
      {t("length")}{" "}
      <FormattedInput
        className="cast-program__length"
        value={seconds}
        format={durationText}
        parse={parseDuration}
        onApply={onChange}
        aria-label={t("lengthOf", { n: index + 1 })}
        data-testid="cast-program-length"
      />
    </label>
  );
}
