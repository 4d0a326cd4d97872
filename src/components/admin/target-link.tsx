import Link from "next/link";

const PATHS: Record<string, (id: string) => string> = {
  vod: (id) => `/v/${id}`,
  bundle: (id) => `/b/${id}`,
  liveChannel: (id) => `/live/${id}`,
  castChannel: (id) => `/cast/${id}`,
  user: (id) => `/u/${encodeURIComponent(id)}`,
};

/** A report's or takedown's target, linked to its public page (a target taken down shows the notice there). */
export function TargetLink({ type, id, label }: { type: string; id: string; label?: string }) {
  const path = PATHS[type]?.(id);
  const text = label ?? id;
  return path ? (
    <Link href={path} prefetch={false}>
      {text}
    </Link>
  ) : (
    <span>{text}</span>
  );
}
