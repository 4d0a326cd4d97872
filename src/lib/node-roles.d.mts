export type NodeRole = "web" | "worker" | "ingest";
export const ROLES: readonly NodeRole[];
export function parseRoles(value: string | undefined): { ok: true; roles: NodeRole[] } | { ok: false; error: string };
export function nodeRoles(
  env: Record<string, string | undefined>,
): { ok: true; roles: NodeRole[]; named: boolean } | { ok: false; error: string };
