// The roles of a Kinora node (KINORA_ROLES, docs/deploy.md): `web` serves the portal, REST and its nginx
// edge; `worker` runs the durable jobs; `ingest` takes encoders' RTMP streams (nginx-rtmp) and makes
// them live HLS. A comma list; unset (or empty) means all three, a one-box instance. Plain JS: the
// launcher reads it before anything is built, the app through env.ts.

export const ROLES = /** @type {const} */ (["web", "worker", "ingest"]);

/**
 * The roles `value` names, in the order of ROLES, or the reason it is not a role list (an unknown
 * name, a name twice). Unset or blank: every role.
 * @param {string | undefined} value
 * @returns {{ ok: true, roles: ("web" | "worker" | "ingest")[] } | { ok: false, error: string }}
 */
export function parseRoles(value) {
  const names = (value ?? "")
    .split(",")
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  if (!names.length) return { ok: true, roles: [...ROLES] };
  const unknown = names.filter((name) => !ROLES.includes(/** @type {any} */ (name)));
  if (unknown.length)
    return { ok: false, error: `KINORA_ROLES: not a role: ${unknown.join(", ")} (the roles are ${ROLES.join(", ")}, separated by commas)` };
  const twice = names.filter((name, i) => names.indexOf(name) !== i);
  if (twice.length) return { ok: false, error: `KINORA_ROLES: named twice: ${[...new Set(twice)].join(", ")}` };
  return { ok: true, roles: ROLES.filter((role) => names.includes(role)) };
}

/**
 * What the launcher makes of KINORA_ROLES in `env`: the roles, whether they were named (then each one
 * named must start: ingest needs nginx-rtmp), or why the launcher must refuse to start.
 * @param {Record<string, string | undefined>} env
 * @returns {{ ok: true, roles: ("web" | "worker" | "ingest")[], named: boolean } | { ok: false, error: string }}
 */
export function nodeRoles(env) {
  const parsed = parseRoles(env.KINORA_ROLES);
  if (!parsed.ok) return parsed;
  const named = Boolean(env.KINORA_ROLES?.trim());
  const { roles } = parsed;
  if (!env.DATABASE_URL && !(roles.includes("web") && roles.includes("worker")))
    return {
      ok: false,
      error: `KINORA_ROLES=${env.KINORA_ROLES}: the embedded database (PGlite) belongs to one process, which serves and runs the jobs; set DATABASE_URL (PostgreSQL) to run nodes of different roles, or leave KINORA_ROLES unset`,
    };
  if (named && roles.includes("ingest") && ["0", "false", "no", "off"].includes(String(env.LIVE_INGEST).toLowerCase()))
    return { ok: false, error: `KINORA_ROLES names ingest but LIVE_INGEST=${env.LIVE_INGEST} turns live ingest off: drop one of them` };
  return { ok: true, roles, named };
}
