import { formatPercent } from "@/lib/format";

/** A labelled usage bar (storage, band): the percentage of the license quota used. */
export function UsageBar({ label, percent, detail }: { label: string; percent: number; detail: string }) {
  const shown = Math.min(100, Math.max(0, percent));
  const level = percent >= 100 ? "usage__fill--full" : percent >= 80 ? "usage__fill--high" : "";
  const id = `usage-${label.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <div className="usage">
      <div className="usage__head">
        <span id={id}>{label}</span>
        <span>{formatPercent(percent)}</span>
      </div>
      <div
        className="usage__bar"
        role="progressbar"
        aria-labelledby={id}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(shown)}
        aria-valuetext={`${formatPercent(percent)}, ${detail}`}
      >
        <div className={`usage__fill ${level}`} style={{ width: `${shown}%` }} />
      </div>
      <p className="field__hint">{detail}</p>
    </div>
  );
}
