// Cast in Chromium: a creator (two READY contents set up through REST) creates a cast channel in the
// portal, drags the two contents and a break into today's day editor, reorders them by drag and by
// keyboard, starts the day a few seconds from now (every program follows) and saves; the month
// calendar counts the day's programs and copies the day over tomorrow; the preview plays; locked, the channel's day is read-only; a stream shows its encoder settings. A signed-out
// viewer's channel page shows Now and Next and the day's guide. Then a channel scheduled through REST
// (PRERECORDED -> BREAK -> PRERECORDED from now) plays across its program boundaries with each
// content's captions, and a LIVE slot
// plays the slate, then an ffmpeg encoder's stream as soon as it publishes, then the slate again.
import type { Page } from "@playwright/test";
import { expect, test } from "./helpers/csp-guard";
import { logIn, shot } from "./helpers/account";
import { creatorWith } from "./helpers/box";
import { Api } from "../test/support/api";
import { publishTestPattern, type Publisher } from "../test/support/live-fixtures";

const baseUrl = process.env.KINORA_TEST_URL ?? "http://127.0.0.1:3000";
const api = new Api(baseUrl);

/** The browser's clock time `seconds` from now, HH:mm:ss (its own zone, as the time inputs take it). */
const clockIn = (page: Page, seconds: number) =>
  page.evaluate((s) => {
    const d = new Date(Date.now() + s * 1000);
    return [d.getHours(), d.getMinutes(), d.getSeconds()].map((n) => String(n).padStart(2, "0")).join(":");
  }, seconds);
const browserDay = (page: Page, days = 0) =>
  page.evaluate((n) => {
    const d = new Date();
    const t = new Date(d.getFullYear(), d.getMonth(), d.getDate() + n);
    return [t.getFullYear(), t.getMonth() + 1, t.getDate()].map((v, i) => String(v).padStart(i ? 2 : 4, "0")).join("-");
  }, days);
/** The values of the day editor's inputs of one kind, in program order. */
const values = (page: Page, testId: string) => page.getByTestId(testId).evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
/** A clock time as the editor shows it: HH:MM on the whole minute, else HH:MM:SS. */
const shown = (clock: string) => clock.replace(/^(\d{2}:\d{2}):00$/, "$1");
const plusSeconds = (clock: string, s: number) => {
  const [h, m, sec] = clock.split(":").map(Number) as [number, number, number];
  const t = h * 3600 + m * 60 + sec + s;
  return [Math.floor(t / 3600), Math.floor(t / 60) % 60, t % 60].map((n) => String(n).padStart(2, "0")).join(":");
};

test("a creator programs a day in the portal, checks it before saving and copies it; the public page shows now, next and the guide", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const [news, film] = ["Morning news", "Evening film"];
  const creator = await creatorWith(baseUrl, [news!, film!]);
  const name = "Harbour TV";
  let channelId = "";

  await test.step("creates a channel in the Cast section", async () => {
    await logIn(page, creator.userCode, creator.password);
    await page.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "Cast" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Cast" })).toBeVisible();
    await expect(page.getByTestId("cast-channel-empty")).toBeVisible();
    await page.getByRole("button", { name: "Create a channel" }).click();
    const dialog = page.getByTestId("cast-channel-dialog");
    await dialog.getByLabel("Name").fill(name);
    await dialog.getByRole("button", { name: "Create the channel" }).click();
    await expect(page.getByTestId("cast-channel-name")).toHaveText(name);
    channelId = /\/cast\/channels\/([0-9a-f-]{36})$/.exec(page.url())![1]!;
    await expect(page.getByTestId("cast-lock-state")).toHaveText("Unlocked");
    await expect(page.getByRole("link", { name: "Stream (M3U8)" })).toHaveAttribute("href", `/cast/${channelId}/stream.m3u8`);
  });

  await test.step("drags two box contents and a break into today", async () => {
    // tall enough for the side list and the day to be in view together: a drag must not scroll the page
    await page.setViewportSize({ width: 1280, height: 1500 });
    await page.getByTestId("cast-today-link").click();
    await expect(page).toHaveURL(new RegExp(`/cast/channels/${channelId}/days/${await browserDay(page)}$`));
    const palette = page.getByTestId("cast-palette");
    const dropzone = page.getByTestId("cast-day-dropzone");
    await expect(palette.getByTestId("cast-pick")).toHaveCount(2);
    const corner = { sourcePosition: { x: 4, y: 4 } };
    await palette.getByTestId("cast-pick").filter({ hasText: news }).dragTo(dropzone, corner);
    await palette.getByLabel("Break length").fill("0:04");
    await palette.getByTestId("cast-pick-break").dragTo(dropzone, corner);
    await palette.getByTestId("cast-pick").filter({ hasText: film }).dragTo(dropzone, corner);
    await expect(page.getByTestId("cast-program")).toHaveCount(3);
    expect(await values(page, "cast-program-title")).toEqual([news, "Break", film]);
    expect(await values(page, "cast-program-length")).toEqual(["6 s", "4 s", "6 s"]);
    await expect(page.getByTestId("cast-program-start")).toHaveText(["00:00", "00:00:06", "00:00:10"]);
    await expect(page.getByTestId("cast-program-end")).toHaveText(["00:00:06", "00:00:10", "00:00:16"]);
    // reordered by dragging a program onto the first, then back from the keyboard: the times follow
    await page.getByTestId("cast-program").nth(2).dragTo(page.getByTestId("cast-program").nth(0), corner);
    expect(await values(page, "cast-program-title")).toEqual([film, news, "Break"]);
    await expect(page.getByTestId("cast-program-start")).toHaveText(["00:00", "00:00:06", "00:00:12"]);
    await page.getByRole("button", { name: `Move ${film}, position 1 of 3` }).focus();
    await page.keyboard.press("End");
    await expect(page.getByRole("button", { name: `Move ${film}, position 3 of 3` })).toBeFocused();
    expect(await values(page, "cast-program-title")).toEqual([news, "Break", film]);
  });

  await test.step("the day starts a few seconds from now: every program follows; leaving unsaved asks first", async () => {
    const start = await clockIn(page, 3);
    await page.getByLabel("Day starts at").fill(start);
    const starts = [start, plusSeconds(start, 6), plusSeconds(start, 10)].map(shown);
    await expect(page.getByTestId("cast-program-start")).toHaveText(starts);
    await expect(page.getByTestId("cast-day-problems")).toHaveCount(0);
    // leaving with the day unsaved asks first; staying keeps the edits
    const asked = new Promise<string>((resolve) =>
      page.once("dialog", async (dialog) => {
        resolve(dialog.type());
        await dialog.dismiss();
      }),
    );
    await page.close({ runBeforeUnload: true });
    expect(await asked).toBe("beforeunload");
    await expect(page.getByTestId("cast-program-start")).toHaveText(starts);
    await page.getByTestId("cast-day-save").click();
    await expect(page.getByTestId("cast-day-notice")).toHaveText("The day was saved: 3 programs.");
    await shot(page, "cast-02-day-editor");
  });

  await test.step("the month calendar counts the day, and copies it over tomorrow", async () => {
    await page.getByRole("link", { name: `← ${name}` }).click();
    const [today, tomorrow] = [await browserDay(page), await browserDay(page, 1)];
    const cell = (day: string) => page.getByTestId("cast-calendar-day").and(page.locator(`[data-day="${day}"]`));
    await expect(page.getByTestId("cast-calendar-day")).toHaveCount(42);
    await expect(cell(today)).toHaveAttribute("data-count", "3");
    await expect(cell(tomorrow)).toHaveAttribute("data-count", "0");
    const copy = page.getByRole("form", { name: "Copy days" });
    await expect(copy.getByLabel("From the day")).toHaveValue(today);
    await expect(copy.getByLabel("Over the day")).toHaveValue(tomorrow);
    await copy.getByRole("button", { name: "Copy" }).click();
    await expect(page.getByTestId("cast-calendar-notice")).toHaveText("Copied: 3 programs written.");
    await expect(cell(tomorrow)).toHaveAttribute("data-count", "3");
    await shot(page, "cast-03-calendar");
  });

  await test.step("previews the output, then locks the channel: its days are read-only", async () => {
    await page.getByRole("button", { name: "Preview the output" }).click();
    await expect
      .poll(() => page.getByTestId("player-video").evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 })
      .toBeGreaterThan(0.5);
    await page.getByTestId("cast-lock-toggle").click();
    await expect(page.getByTestId("cast-lock-state")).toHaveText("Locked");
    await expect(page.getByRole("form", { name: "Copy days" })).toHaveCount(0);
    await page.getByTestId("cast-today-link").click();
    await expect(page.getByTestId("cast-day-locked")).toBeVisible();
    await expect(page.getByTestId("cast-program")).toHaveCount(3);
    await expect(page.getByTestId("cast-day-save")).toHaveCount(0);
    await expect(page.getByTestId("cast-palette")).toHaveCount(0);
  });

  await test.step("creates a stream and reads its encoder settings", async () => {
    await page.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "Cast" }).click();
    await page.getByRole("button", { name: "Create a stream" }).click();
    await page.getByTestId("cast-stream-dialog").getByLabel("Name").fill("Studio camera");
    await page.getByTestId("cast-stream-dialog").getByRole("button", { name: "Create the stream" }).click();
    const settings = page.getByTestId("cast-encoder-dialog");
    await expect(settings.getByTestId("go-live-server")).toHaveValue(/^rtmp:\/\/[^/]+:\d+\/cast$/);
    await expect(settings.getByTestId("go-live-key")).toHaveValue(
      new RegExp(`^studio-camera-[0-9a-f]+\\?user=${creator.userCode}&password=$`),
    );
    await settings.getByRole("button", { name: "Close" }).click();
    await expect(page.getByTestId("cast-stream-item")).toHaveText(/Studio camera/);
  });

  await test.step("a signed-out viewer sees Now, Next and the guide of the day", async () => {
    const viewer = await page.context().browser()!.newPage({ baseURL: baseUrl });
    await viewer.goto(`/cast/${channelId}`);
    await expect(viewer.getByTestId("cast-channel-title")).toHaveText(name);
    await expect(viewer.getByTestId("cast-guide-program")).toHaveCount(3);
    await expect(viewer.getByTestId("cast-now")).toContainText(/Morning news|Break|Evening film|Nothing scheduled/);
    await expect(viewer.getByTestId("cast-next")).toContainText(/\d{2}:\d{2}–\d{2}:\d{2}/); // tomorrow's copy at the latest
    await shot(viewer, "cast-04-public-page");
    await viewer.goto(`/cast/00000000-0000-4000-8000-000000000000`);
    await expect(viewer.getByRole("heading", { level: 1 })).toContainText(/not found/i);
    await viewer.close();
  });
});

/** English captions on a box item: one cue over its whole 6 seconds. */
async function captionWhole(access: string, boxId: string, text: string): Promise<void> {
  const form = new FormData();
  form.append("language", "en");
  form.append("label", "English");
  form.append("file", new Blob([`WEBVTT\n\n00:00:00.000 --> 00:00:06.000\n${text}\n`], { type: "text/vtt" }), "whole.vtt");
  const added = await fetch(`${baseUrl}/api/box/${boxId}/captions`, {
    method: "POST",
    headers: { Authorization: `Bearer ${access}` },
    body: form,
  });
  expect(added.status, await added.clone().text()).toBe(201);
}

test("the public page plays across program boundaries: PRERECORDED -> BREAK -> PRERECORDED, each content's captions with it", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const creator = await creatorWith(baseUrl, ["Opening", "Closing"]);
  await captionWhole(creator.access, creator.boxIds[0]!, "Words of the opening");
  await captionWhole(creator.access, creator.boxIds[1]!, "Words of the closing");
  const created = await api.post(
    "/api/cast/channel",
    { name: "Boundary TV", streamPath: `boundary-${Date.now()}` },
    { token: creator.access },
  );
  expect(created.status).toBe(201);
  const channelId: string = created.body.channelId;
  // in UTC (no X-Service-timezone): 6 s of content, a 4 s break, 6 s of content, from 3 s from now
  const at = (s: number) => {
    const d = new Date(Math.ceil(Date.now() / 1000) * 1000 + s * 1000).toISOString();
    return { date: `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`, time: d.slice(11, 19) };
  };
  const from = at(3);
  const programs = [
    { programType: "PRERECORDED", sourceId: creator.boxIds[0], title: "Opening", startDate: from, endDate: at(9) },
    { programType: "BREAK", title: "Break", startDate: at(9), endDate: at(13) },
    { programType: "PRERECORDED", sourceId: creator.boxIds[1], title: "Closing", startDate: at(13), endDate: at(19) },
  ];
  const day = from.date.split("/").reverse().join("");
  const saved = await api.post(`/api/cast/channel/${channelId}/dailyprogramming/${day}`, { programs }, { token: creator.access });
  expect(saved.status).toBe(200);

  await page.goto(`/cast/${channelId}`);
  const video = page.getByTestId("player-video");
  const time = () => video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect(page.getByTestId("cast-now-title")).toHaveText("Opening", { timeout: 10_000 });
  await expect.poll(time, { timeout: 15_000 }).toBeGreaterThan(1);
  // the channel carries the contents' captions: on, they show each content's words while it airs
  await page.getByTestId("player-menu-captions").click();
  await page.getByRole("menuitemradio", { name: "English", exact: true }).click();
  const captions = page.getByTestId("player-captions");
  await expect(captions).toHaveText("Words of the opening", { timeout: 10_000 });
  await expect(page.getByTestId("cast-now-title")).toHaveText("Break", { timeout: 15_000 });
  // the picture follows the clock a few seconds late: the opening's words go once it has played
  await expect(captions).toHaveCount(0, { timeout: 10_000 });
  const inBreak = await time();
  await expect(page.getByTestId("cast-now-title")).toHaveText("Closing", { timeout: 15_000 });
  await expect(captions).toHaveText("Words of the closing", { timeout: 10_000 });
  await expect.poll(time, { timeout: 15_000 }).toBeGreaterThan(inBreak + 4);
  // it started by itself without sound, and says so until the viewer turns it on
  await expect(page.getByTestId("cast-unmute")).toBeVisible();
  expect(await video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);
  await shot(page, "cast-05-playing");
  await page.getByTestId("cast-unmute").click();
  await expect(page.getByTestId("cast-unmute")).toHaveCount(0);
  expect(await video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(false);
});

let publisher: Publisher | undefined;
test.afterAll(async () => {
  await publisher?.stop();
});

test("a LIVE slot plays the slate until the encoder publishes, its stream as soon as it arrives, the slate again when it stops", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const creator = await api.newUser();
  const password = "studio-live-1";
  const profile = { firstName: "Test", lastName: "User", birthDate: "15/06/1990", email: creator.email };
  expect((await api.post("/api/user/me", { profile, features: { livePassword: password } }, { token: creator.access })).status).toBe(200);
  const stream = await api.post("/api/cast/stream", { name: "Studio", streamPath: `studio-${Date.now()}` }, { token: creator.access });
  expect(stream.status).toBe(201);
  expect(stream.body.streamingBaseUrl).toMatch(/^rtmp:\/\/127\.0\.0\.1:\d+\/cast$/);
  const channel = await api.post(
    "/api/cast/channel",
    { name: "Studio TV", streamPath: `studio-tv-${Date.now()}` },
    { token: creator.access },
  );
  expect(channel.status).toBe(201);
  // in UTC: a LIVE slot of the stream from 20 s ago to 100 s ahead
  const at = (s: number) => {
    const d = new Date(Math.floor(Date.now() / 1000) * 1000 + s * 1000).toISOString();
    return { date: `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`, time: d.slice(11, 19) };
  };
  const from = at(-20);
  const programs = [{ programType: "LIVE", sourceId: stream.body.streamId, title: "Studio", startDate: from, endDate: at(100) }];
  const day = from.date.split("/").reverse().join("");
  const saved = await api.post(
    `/api/cast/channel/${channel.body.channelId}/dailyprogramming/${day}`,
    { programs },
    { token: creator.access },
  );
  expect(saved.status).toBe(200);

  // which source each segment the player loads comes from: the slate (the channel plays no content, so
  // every segment of the hls tree is the slate's) or the stream (the live tree)
  const segments: string[] = [];
  page.on("request", (r) => {
    if (/\/media\/[^/]+\/[^/]+\/(hls|live)\//.test(r.url()) && !r.url().endsWith(".m3u8")) segments.push(r.url());
  });
  const isSlate = (url: string) => url.includes("/hls/");
  const isLive = (url: string) => url.includes(`/live/`) && url.includes(`/${stream.body.streamId}/`);
  const video = page.getByTestId("player-video");
  const time = () => video.evaluate((v: HTMLVideoElement) => v.currentTime);

  await page.goto(`/cast/${channel.body.channelId}`);
  await expect(page.getByTestId("cast-now-title")).toHaveText("Studio");
  await expect.poll(() => segments.some(isSlate), { timeout: 20_000 }).toBe(true);
  expect(segments.some(isLive)).toBe(false);

  publisher = publishTestPattern(
    `${stream.body.streamingBaseUrl}/${stream.body.streamPath}?user=${creator.userCode}&password=${password}`,
    {
      seconds: 60,
    },
  );
  await expect.poll(() => segments.some(isLive), { timeout: 30_000 }).toBe(true);
  const before = await time();
  await expect.poll(time, { timeout: 15_000 }).toBeGreaterThan(before + 2);
  await shot(page, "cast-06-live-slot");

  await publisher.stop();
  const stoppedAt = segments.length;
  await expect.poll(() => segments.slice(stoppedAt).some(isSlate), { timeout: 30_000 }).toBe(true);
  const onSlate = await time();
  await expect.poll(time, { timeout: 15_000 }).toBeGreaterThan(onSlate + 2);
});
