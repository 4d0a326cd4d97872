// What a cast channel's month calendar read and day save cost: GET /api/cast/channel/{channelId}/
// calendar/{yyyyMMdd}/42 of a channel holding 50 programs a day, and POST .../dailyprogramming/
// {yyyyMMdd} of a day of 200 programs (PRERECORDED contents, breaks and live slots: every program's
// source checked, the six rules, the day replaced, the day answered), one request at a time,
// interleaved with a trivial authenticated GET (GET /api/user/me, the baseline) in the same server
// and run, on PGlite and then on PostgreSQL. Targets (issue 12): calendar p95 <= 50 ms, save <= 200 ms.
// Besides the wall time, the CPU time the server process spends per request (/proc, utime + stime;
// on PostgreSQL also the server's database connections): steadier than latency on a shared machine.
// Fixtures through the interface: the READY contents are written by SQL (server stopped: PGlite is
// one process's), the first day is saved and copied over the 41 others with the calendar copy.
// Run after `npm run build`: `npx tsx bench/cast-calendar.ts`. Writes "Cast calendar and day save"
// in docs/perf.md (BENCH_WRITE=0: printed only, for before/after runs). Bounded: BENCH_REQUESTS
// (default 100) measured requests per case.
import { readFileSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { Api } from "../test/support/api";
import { withDatabase } from "../test/support/database";
import { startKinora } from "../test/support/server";
import { fmt, machine, onBothDatabases, writeSection } from "./report";
import { writeReadyContents } from "./bench-bundle";

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);
/** Requests of one case in a row, between the other cases' (the CPU is read around each block). */
const BLOCK = 5;
const WARM_UP = 10;
const CALENDAR_DAYS = 42;
const CALENDAR_PROGRAMS = 50;
const SAVE_PROGRAMS = 200;
const CONTENTS = 200;
const TARGET = { calendarP95: 50, save: 200 };
const CALENDAR_FROM = "20300301";
const SAVE_DAY = "20300601";

interface Series {
  p50: number;
  p95: number;
  max: number;
  /** ms of CPU per request: the server process, and (PostgreSQL) its database connections */
  cpu: number;
  dbCpu?: number;
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

/** ms of CPU spent so far by the processes (utime + stime of /proc/{pid}/stat); a process gone counts 0. */
const TICK_MS = 1000 / 100; // USER_HZ
function cpuMs(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      // the fields after the command name, which is in parentheses and may hold spaces
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // ended
    }
  }
  return ticks * TICK_MS;
}

/** One request, timed from sending to the last byte of the answer; anything but 200 stops the run. */
async function timed(url: string, init: RequestInit): Promise<number> {
  const started = performance.now();
  const res = await fetch(url, init);
  const text = await res.text();
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`${init.method ?? "GET"} ${url}: ${res.status} ${text.slice(0, 300)}`);
  return ms;
}

const pad = (n: number) => String(n).padStart(2, "0");
/** The interface's date-time ({date: dd/MM/yyyy, time: HH:mm:ss}) of an instant, in UTC (the bench's offset). */
const wire = (ms: number) => {
  const d = new Date(ms);
  return {
    date: `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`,
    time: `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`,
  };
};
const dayMs = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(4, 6)) - 1, Number(day.slice(6, 8)));

/**
 * A day of `count` programs from its 00:00:00, back to back, sharing 86,000 s (shorter than any
 * content): a break every 10th, a live slot every 25th, the rest contents played from the start
 * (some titled, some taking the content's title, some tagged).
 */
function dayPrograms(day: string, count: number, boxIds: string[], streamId: string): unknown[] {
  const length = Math.floor(86_000 / count);
  const from = dayMs(day);
  return Array.from({ length: count }, (_, i) => {
    const span = { startDate: wire(from + i * length * 1000), endDate: wire(from + (i + 1) * length * 1000) };
    if (i % 10 === 9) return { ...span, programType: "BREAK", title: "Break" };
    if (i % 25 === 12) return { ...span, programType: "LIVE", sourceId: streamId, title: `Live ${i}` };
    return {
      ...span,
      programType: "PRERECORDED",
      sourceId: boxIds[i % boxIds.length],
      offset: 0,
      ...(i % 2 ? { title: `Program ${i}`, description: `The program number ${i} of the day.` } : {}),
      ...(i % 3 ? {} : { tags: ["bench", `t${i % 7}`] }),
    };
  });
}

type Results = Record<"me" | "calendar" | "save", Series>;

async function benchDatabase(databaseUrl?: string): Promise<Results> {
  const env = { KINORA_BENCH: "1", ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "kinora-cast-bench-"));
  let server = await startKinora({ ...env, DATA_DIR: dataDir });
  const creator = await new Api(server.url).newUser();
  await server.stop();
  const boxIds = await withDatabase({ dataDir, databaseUrl }, async (sql) => {
    // contents of 30 to 40 minutes: longer than any program of the bench's days
    await writeReadyContents(sql, creator.userCode, CONTENTS, { tag: "bench-cast", baseSeconds: 1800 });
    const rows = await sql<{ id: string }>(`SELECT "id"::text AS id FROM "BoxItem" WHERE "contentId" LIKE 'urn:bench-cast:%' ORDER BY 1`);
    return rows.map((r) => r.id);
  });
  server = await startKinora({ ...env, DATA_DIR: dataDir });
  try {
    const api = new Api(server.url);
    const { access } = await api.login(creator.userCode, creator.password);
    const created = async (what: "channel" | "stream", name: string) => {
      const streamPath = (await api.get(`/api/public/live/streampath?base=${name}`, { token: access })).body.streamPath;
      const res = await api.post(`/api/cast/${what}`, { name, streamPath }, { token: access });
      if (res.status !== 201) throw new Error(`${what}: ${res.status} ${res.text}`);
      return res.body;
    };
    const channelId = (await created("channel", "Bench channel")).channelId as string;
    const streamId = (await created("stream", "Bench stream")).streamId as string;
    const headers = { Authorization: `Bearer ${access}`, Accept: "application/json", "Content-Type": "application/json" };
    const dayUrl = (day: string) => `${server.url}/api/cast/channel/${channelId}/dailyprogramming/${day}`;
    const save = (day: string, programs: unknown[]) => timed(dayUrl(day), { method: "POST", headers, body: JSON.stringify({ programs }) });

    // the month: its first day saved, then copied over the 41 others in one request
    await save(CALENDAR_FROM, dayPrograms(CALENDAR_FROM, CALENDAR_PROGRAMS, boxIds, streamId));
    const from = wire(dayMs(CALENDAR_FROM)).date;
    const next = wire(dayMs(CALENDAR_FROM) + 86_400_000).date;
    const copy = await api.post(
      "/api/cast/calendar/copy",
      {
        sourceChannelId: channelId,
        destChannelId: channelId,
        sourceStartDate: from,
        sourceDayCount: 1,
        destStartDate: next,
        destDayCount: CALENDAR_DAYS - 1,
      },
      { token: access },
    );
    if (copy.status !== 200 || copy.body.programsCount !== (CALENDAR_DAYS - 1) * CALENDAR_PROGRAMS)
      throw new Error(`copy: ${copy.status} ${copy.text.slice(0, 300)}`);
    const calendarUrl = `${server.url}/api/cast/channel/${channelId}/calendar/${CALENDAR_FROM}/${CALENDAR_DAYS}`;
    const check = await api.get(calendarUrl.slice(server.url.length), { token: access });
    const counts = check.body.dailyProgrammings.map((d: { programs: unknown[] }) => d.programs.length);
    if (counts.length !== CALENDAR_DAYS || counts.some((n: number) => n !== CALENDAR_PROGRAMS))
      throw new Error(`the calendar holds ${JSON.stringify(counts)}`);
    const saveBody = dayPrograms(SAVE_DAY, SAVE_PROGRAMS, boxIds, streamId);

    const cases: Record<keyof Results, () => Promise<number>> = {
      me: () => timed(`${server.url}/api/user/me`, { headers }),
      calendar: () => timed(calendarUrl, { headers }),
      save: () => save(SAVE_DAY, saveBody),
    };
    for (let i = 0; i < WARM_UP; i++) for (const run of Object.values(cases)) await run();
    // PostgreSQL: the server's connections to its database (its pool is open after the warm-up)
    const dbPids = databaseUrl ? await backendPids(databaseUrl) : [];
    const names = Object.keys(cases) as (keyof Results)[];
    const ms = Object.fromEntries(names.map((n) => [n, [] as number[]])) as Record<keyof Results, number[]>;
    const cpu = Object.fromEntries(names.map((n) => [n, { server: 0, db: 0 }])) as Record<keyof Results, { server: number; db: number }>;
    // blocks interleaved, so a burst of outside load on the shared machine hits every case alike
    for (let done = 0; done < REQUESTS; done += BLOCK) {
      for (const name of names) {
        const [server0, db0] = [cpuMs([server.pid!]), cpuMs(dbPids)];
        for (let i = 0; i < BLOCK; i++) ms[name].push(await cases[name]());
        cpu[name].server += cpuMs([server.pid!]) - server0;
        cpu[name].db += cpuMs(dbPids) - db0;
      }
    }
    const seriesOf = (name: keyof Results): Series => {
      const sorted = [...ms[name]].sort((a, b) => a - b);
      return {
        p50: quantile(sorted, 0.5),
        p95: quantile(sorted, 0.95),
        max: sorted.at(-1) ?? NaN,
        cpu: cpu[name].server / sorted.length,
        dbCpu: databaseUrl ? cpu[name].db / sorted.length : undefined,
      };
    };
    return { me: seriesOf("me"), calendar: seriesOf("calendar"), save: seriesOf("save") };
  } finally {
    await server.stop();
  }
}

/** The PostgreSQL backends connected to the bench's database, but the one asking. */
async function backendPids(databaseUrl: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
    );
    return rows.map((r) => r.pid);
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  const header = machine();
  const results = await onBothDatabases(benchDatabase);
  const names: Record<keyof Results, string> = {
    me: "baseline: GET /api/user/me",
    calendar: `GET calendar, ${CALENDAR_DAYS} days of ${CALENDAR_PROGRAMS} programs`,
    save: `POST day save, ${SAVE_PROGRAMS} programs (answers the day)`,
  };
  const lines = [
    `\`npx tsx bench/cast-calendar.ts\` after \`npm run build\`: one channel with ${CALENDAR_PROGRAMS} programs a day over ${CALENDAR_DAYS} days (a day saved and copied over the others),`,
    `a day of ${SAVE_PROGRAMS} programs saved again and again (contents, a break every 10th, a live slot every 25th); ${REQUESTS} requests per case, one at a time,`,
    `interleaved in blocks of ${BLOCK}, timed to the last byte of the answer; ${header}.`,
    `Targets: calendar p95 at most ${TARGET.calendarP95} ms, day save at most ${TARGET.save} ms. CPU: ms per request of the server process`,
    "(and of its PostgreSQL connections), from /proc, at 10 ms resolution summed over all requests.",
    "",
    "| database | case | p50 ms | p95 ms | max ms | p50 vs baseline | server CPU ms | database CPU ms |",
    "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |",
  ];
  for (const [database, r] of Object.entries(results)) {
    for (const key of Object.keys(names) as (keyof Results)[]) {
      const x = r[key];
      lines.push(
        `| ${database} | ${names[key]} | ${fmt(x.p50, 1)} | ${fmt(x.p95, 1)} | ${fmt(x.max, 1)} | ${fmt(x.p50 / r.me.p50, 1)} x | ${fmt(x.cpu, 1)} | ${x.dbCpu === undefined ? "" : fmt(x.dbCpu, 1)} |`,
      );
    }
  }
  if (process.env.BENCH_WRITE !== "0") await writeSection("Cast calendar and day save", lines.join("\n"));
  console.log(lines.join("\n"));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
