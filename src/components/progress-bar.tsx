import { formatPercent } from "@/lib/format";

/**
 * A labelled progress bar (usage of a quota, an upload, processing): the label and the percentage
 * above the bar, announced to screen readers with `valueText` when given.
 */
export function ProgressBar({
  label,
  percent,
  valueText,
  fillClassName = "",
  testId,
}: {
  label: string;
  percent: number;
  valueText?: string;
  fillClassName?: string;
  testId?: string;
}) {
  const shown = Math.min(100, Math.max(0, percent));
  return (
    <div className="progress">
      <div className="usage__head">
        <span>{label}</span>
        <span>{formatPercent(percent)}</span>
      </div>
      <div
        className="usage__bar"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(shown)}
        aria-valuetext={valueText}
        data-testid={testId}
      >
        <div className={`usage__fill ${fillClassName}`} style={{ width: `${shown}%` }} />
      </div>
    </div>
  );
}
