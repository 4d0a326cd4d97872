"use client";

import { useState, type DragEvent, type KeyboardEvent } from "react";

/** Where ArrowUp / ArrowDown / Home / End take the item at `index` of `count`; undefined for other keys. */
export function keyTarget(key: string, index: number, count: number): number | undefined {
  return { ArrowUp: index - 1, ArrowDown: index + 1, Home: 0, End: count - 1 }[key];
}

/**
 * Rows of an ordered list that are dragged onto one another (HTML drag and drop), and that also take
 * drops from outside the list while `accepting` (a palette's item being dragged in); a row's handle
 * moves it with ArrowUp / ArrowDown / Home / End. `onMove(from, to, byKey)` puts a row at place `to`
 * of the result (`byKey`: from its handle, which keeps the focus); `onDropIn(index)` puts what is dragged in before row `index`.
 */
export function useSortable({
  onMove,
  onDropIn,
  accepting = false,
}: {
  onMove: (from: number, to: number, byKey: boolean) => void;
  onDropIn?: (index: number) => void;
  accepting?: boolean;
}) {
  const [dragged, setDragged] = useState<number>();
  const [over, setOver] = useState<number>();
  const reset = () => {
    setDragged(undefined);
    setOver(undefined);
  };
  const rowProps = (index: number) => ({
    draggable: true,
    onDragStart: (ev: DragEvent<HTMLElement>) => {
      ev.dataTransfer.effectAllowed = "move";
      ev.dataTransfer.setData("text/plain", String(index));
      setDragged(index);
    },
    onDragOver: (ev: DragEvent<HTMLElement>) => {
      if (dragged === undefined && !accepting) return;
      ev.preventDefault();
      setOver(index);
    },
    onDragLeave: () => setOver((o) => (o === index ? undefined : o)),
    onDrop: (ev: DragEvent<HTMLElement>) => {
      ev.preventDefault();
      if (dragged !== undefined) onMove(dragged, index, false);
      else if (accepting) onDropIn?.(index);
      reset();
    },
    onDragEnd: reset,
  });
  const handleKey = (ev: KeyboardEvent<HTMLElement>, index: number, count: number) => {
    const to = keyTarget(ev.key, index, count);
    if (to === undefined) return;
    ev.preventDefault();
    if (to >= 0 && to < count && to !== index) onMove(index, to, true);
  };
  return { dragged, over, rowProps, handleKey, reset };
}
