// Helpers shared by the cast-*.test.ts contract tests (not a test file itself): cast channels and
// streams over the REST interface, days in the caller's X-Service-timezone offset, programs.
import assert from "node:assert/strict";
import type { Api, ApiResponse } from "../support/api";
import type { TestUser } from "./users-fixtures";
import { uniqueWord } from "./vod-fixtures";
import { newStreamPath, tz, wireDateTime } from "./live-fixtures";

export const SECOND = 1000;
export const DAY = 24 * 3600 * SECOND;

/** 00:00:00 of a yyyyMMdd day in the offset, as an instant (ms). */
export const dayStart = (day: string, offsetMs = 0) =>
  Date.UTC(Number(day.slice(0, 4)), Number(day.slice(4, 6)) - 1, Number(day.slice(6, 8))) - offsetMs;

/** yyyyMMdd of the day `at` is in, in the offset. */
export const dayOf = (at: number, offsetMs = 0) => new Date(at + offsetMs).toISOString().slice(0, 10).replace(/-/g, "");

export async function createCastChannel(api: Api, u: TestUser, over: Record<string, unknown> = {}): Promise<any> {
  const name = `Cast ${uniqueWord()}`;
  const res = await api.post(
    "/api/cast/channel",
    { name, streamPath: await newStreamPath(api, u.access, name), ...over },
    { token: u.access },
  );
  assert.equal(res.status, 201, res.text);
  return res.body;
}

export async function createCastStream(api: Api, u: TestUser, over: Record<string, unknown> = {}): Promise<any> {
  const name = `Stream ${uniqueWord()}`;
  const res = await api.post(
    "/api/cast/stream",
    { name, streamPath: await newStreamPath(api, u.access, name), ...over },
    { token: u.access },
  );
  assert.equal(res.status, 201, res.text);
  return res.body;
}

/** A program of a save for [start, end) written in the offset. */
export const timed = (start: number, end: number, item: Record<string, unknown>, offsetMs = 0) => ({
  startDate: wireDateTime(start, offsetMs),
  endDate: wireDateTime(end, offsetMs),
  ...item,
});

export const brk = (title = "Break") => ({ programType: "BREAK", title });

/** POST a day save; the caller checks the answer. */
export const saveDay = (api: Api, u: TestUser, channelId: string, day: string, programs: unknown[], offsetMs = 0): Promise<ApiResponse> =>
  api.post(`/api/cast/channel/${channelId}/dailyprogramming/${day}`, { programs }, { token: u.access, headers: tz(offsetMs) });

export async function saveDayOk(api: Api, u: TestUser, channelId: string, day: string, programs: unknown[], offsetMs = 0): Promise<any> {
  const res = await saveDay(api, u, channelId, day, programs, offsetMs);
  assert.equal(res.status, 200, res.text);
  return res.body;
}

export async function readDay(api: Api, u: TestUser, channelId: string, day: string, offsetMs = 0): Promise<any> {
  const res = await api.get(`/api/cast/channel/${channelId}/dailyprogramming/${day}`, { token: u.access, headers: tz(offsetMs) });
  assert.equal(res.status, 200, res.text);
  return res.body;
}

/** A 409 of the scheduling rules: the supplement's error body, its message saying the rule in words and naming the programs. */
export function assertConflict(res: ApiResponse, path: string, message: RegExp): void {
  assert.equal(res.status, 409, res.text);
  const { timestamp, message: got, ...rest } = res.body;
  assert.equal(typeof timestamp, "string");
  assert.deepEqual(rest, { status: 409, error: "Conflict", path });
  assert.match(got, message);
}

/** The times of a day's programs as "HH:mm:ss-HH:mm:ss" in the answer's offset. */
export const spans = (day: any) => day.programs.map((p: any) => `${p.startDate.time}-${p.endDate.time}`);
