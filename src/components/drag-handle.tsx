import type { KeyboardEvent, Ref } from "react";

/** The grip of a sortable row: focused, the arrow keys move the row (useSortable's handleKey). */
export function DragHandle({
  label,
  describedBy,
  onKeyDown,
  buttonRef,
  testId,
}: {
  label: string;
  describedBy: string;
  onKeyDown: (ev: KeyboardEvent<HTMLButtonElement>) => void;
  buttonRef: Ref<HTMLButtonElement>;
  testId?: string;
}) {
  return (
    <button
      type="button"
      className="bundle-items__handle"
      ref={buttonRef}
      onKeyDown={onKeyDown}
      aria-label={label}
      aria-describedby={describedBy}
      data-testid={testId}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M9 5h2v2H9zm4 0h2v2h-2zM9 11h2v2H9zm4 0h2v2h-2zm-4 6h2v2H9zm4 0h2v2h-2z" />
      </svg>
    </button>
  );
}
