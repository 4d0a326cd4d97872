// Helpers shared by the live-*.test.ts contract tests (not a test file itself): channels and events
// over the REST interface, date-times in a chosen X-Service-timezone offset.
import assert from "node:assert/strict";
import type { Api, ApiResponse } from "../support/api";
import type { TestUser } from "./users-fixtures";
import { uniqueWord } from "./vod-fixtures";

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

const pad = (n: number) => String(n).padStart(2, "0");

/** An instant as the document's {date: dd/MM/yyyy, time: HH:mm:ss} in the offset east of UTC (ms). */
export function wireDateTime(at: Date | number, offsetMs = 0): { date: string; time: string } {
  const d = new Date(new Date(at).getTime() + offsetMs);
  return {
    date: `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`,
    time: `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`,
  };
}

/** Whole seconds (the document's unit): what a date-time round trip keeps. */
export const toSecond = (ms: number) => Math.floor(ms / 1000) * 1000;

export const tz = (offsetMs: number) => ({ "X-Service-timezone": String(offsetMs) });

export async function newStreamPath(api: Api, token: string, base = "Channel"): Promise<string> {
  const res = await api.get(`/api/public/live/streampath?base=${encodeURIComponent(base)}`, { token });
  assert.equal(res.status, 200, res.text);
  return res.body.streamPath;
}

/** POST /api/live/channel with a generated stream path, expecting 201. */
export async function createChannel(api: Api, u: TestUser, over: Record<string, unknown> = {}): Promise<any> {
  const name = `Channel ${uniqueWord()}`;
  const res = await api.post(
    "/api/live/channel",
    { name, streamPath: await newStreamPath(api, u.access, name), ...over },
    { token: u.access },
  );
  assert.equal(res.status, 201, res.text);
  return res.body;
}

/** An event body for the window [start, end) written in `offsetMs`. */
export const eventBody = (start: number, end: number, over: Record<string, unknown> = {}, offsetMs = 0) => ({
  name: `Event ${uniqueWord()}`,
  paymentMode: "FREE",
  eventDate: wireDateTime(start, offsetMs),
  endDate: wireDateTime(end, offsetMs),
  ...over,
});

export const postEvent = (api: Api, u: TestUser, channelId: string, body: Record<string, unknown>, offsetMs = 0): Promise<ApiResponse> =>
  api.post(`/api/live/channel/${channelId}/event`, body, { token: u.access, headers: tz(offsetMs) });

/** POST an event for [start, end), expecting 201. */
export async function createEvent(
  api: Api,
  u: TestUser,
  channelId: string,
  start: number,
  end: number,
  over: Record<string, unknown> = {},
) {
  const res = await postEvent(api, u, channelId, eventBody(start, end, over));
  assert.equal(res.status, 201, res.text);
  return res.body;
}

/** A ticket's payment request, its return URLs on the server's own origin (they may lead nowhere else). */
export const ticketRequest = (api: Api) => ({
  embedded: false,
  mobile: false,
  returnUrl: `${api.url}/back`,
  cancelUrl: `${api.url}/no`,
});

/** 409 DEPENDANTS in the error shape of supplement §4. */
export function assertDependants(res: ApiResponse, path: string, message: string, isoInstant: RegExp): void {
  assert.equal(res.status, 409, res.text);
  const { timestamp, ...rest } = res.body;
  assert.match(timestamp, isoInstant);
  assert.deepEqual(rest, { status: 409, error: "Conflict", message, path, exception: "DataIntegrityViolationException" });
}

/** Sets `u`'s live password (the RTMP publish's) through POST /api/user/me, expecting 200 and the password never answered. */
export async function setLivePassword(api: Api, u: TestUser, password: string): Promise<void> {
  const profile = { firstName: "Live", lastName: "Tester", birthDate: "01/01/1980", email: u.email };
  const res = await api.post("/api/user/me", { profile, features: { livePassword: password } }, { token: u.access });
  assert.equal(res.status, 200, res.text);
  assert.equal(res.body.features.livePassword, undefined, "the live password is never answered");
}
