import { formatPercent } from "@/lib/format";
import { ProgressBar } from "./progress-bar";

/** A labelled usage bar (storage, bandwidth): the percentage of the license quota used. */
export function UsageBar({ label, percent, detail }: { label: string; percent: number; detail: string }) {
  const level = percent >= 100 ? "usage__fill--full" : percent >= 80 ? "usage__fill--high" : "";
  return (
    <div className="usage">
      <ProgressBar label={label} percent={percent} valueText={`${formatPercent(percent)}, ${detail}`} fillClassName={level} />
      <p className="field__hint">{detail}</p>
    </div>
  );
}
