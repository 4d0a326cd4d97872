// The cast day editor in Chromium (issue 21, item 6), its data set up through REST: a day of three
// programs and the previous day's late show. The creator sets the day's start and sees every program
// move, reorders by drag, with the Down button and with the grip's arrow keys, saves and reloads to
// the same day; a title sold pay-per-view asks before it airs free (Cancel leaves the day, confirming
// schedules it); a start inside the previous day's last program is said in words beside the program.
// The cast pages of the portal pass checkPage (no console error, no horizontal scroll at 390 px, axe).
import type { Page } from "@playwright/test";
import { checkPage, expect, test } from "./helpers/page-health";
import { logIn } from "./helpers/account";
import { creatorWith } from "./helpers/box";
import { Api } from "../test/support/api";

const baseUrl = process.env.KINORA_TEST_URL ?? "http://127.0.0.1:3000";
const api = new Api(baseUrl);
const DAY = "2030-06-15";
const [HOUR, MINUTE] = [3600_000, 60_000];

/** The browser's offset east of UTC (ms) on the day: the editor's days are the browser's. */
const offsetOf = (page: Page) => page.evaluate(() => -new Date(2030, 5, 15).getTimezoneOffset() * 60_000);
const wire = (at: number, offsetMs: number) => {
  const d = new Date(at + offsetMs);
  const p = (n: number) => String(n).padStart(2, "0");
  return {
    date: `${p(d.getUTCDate())}/${p(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`,
    time: `${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}`,
  };
};
const titles = (page: Page) => page.getByTestId("cast-program-title").evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));

test("the day editor: a start the programs flow from, drag and keyboard reordering, the pay-per-view warning, problems in words", async ({
  page,
}) => {
  test.setTimeout(150_000);
  const [news, premiere] = ["Morning news", "Premiere"];
  const creator = await creatorWith(baseUrl, [news, premiere]);
  const [newsId, premiereId] = creator.boxIds as [string, string];
  const token = { token: creator.access };
  const vod = await api.post(`/api/box/${premiereId}/vod`, { licenseType: "PAY_PER_VIEW", pricePerView: "4,99" }, token);
  expect(vod.status, vod.text).toBe(201);
  const streamPath = (await api.get("/api/public/live/streampath?base=Harbour", token)).body.streamPath;
  const channel = await api.post("/api/cast/channel", { name: "Harbour TV", streamPath }, token);
  expect(channel.status, channel.text).toBe(201);
  const channelId = channel.body.channelId as string;

  await logIn(page, creator.userCode, creator.password);
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
  const offsetMs = await offsetOf(page);
  const midnight = Date.UTC(2030, 5, 15) - offsetMs;
  const headers = { "X-Service-timezone": String(offsetMs) };
  const save = async (day: string, programs: [number, number, Record<string, unknown>][]) => {
    const body = { programs: programs.map(([from, to, p]) => ({ startDate: wire(from, offsetMs), endDate: wire(to, offsetMs), ...p })) };
    const res = await api.post(`/api/cast/channel/${channelId}/dailyprogramming/${day}`, body, { ...token, headers });
    expect(res.status, res.text).toBe(200);
  };
  // the previous day's late show runs until 00:10; the day: 06:00 a 30 min warm-up, the news (6 s), a 1 h 05 min interval
  await save("20300614", [[midnight - HOUR, midnight + 10 * MINUTE, { programType: "BREAK", title: "Late show" }]]);
  const six = midnight + 6 * HOUR;
  await save("20300615", [
    [six, six + 30 * MINUTE, { programType: "BREAK", title: "Warm-up" }],
    [six + 30 * MINUTE, six + 30 * MINUTE + 6000, { programType: "PRERECORDED", sourceId: newsId, title: news }],
    [six + 30 * MINUTE + 6000, six + 95 * MINUTE + 6000, { programType: "BREAK", title: "Interval" }],
  ]);

  const starts = page.getByTestId("cast-program-start");
  await test.step("the day reads in one format; a new start moves every program", async () => {
    await page.setViewportSize({ width: 1280, height: 1400 }); // the day and the side list in view: a drag does not scroll
    await page.goto(`/cast/channels/${channelId}/days/${DAY}`);
    await expect(starts).toHaveText(["06:00", "06:30", "06:30:06"]);
    await expect(page.getByTestId("cast-program-end")).toHaveText(["06:30", "06:30:06", "07:35:06"]);
    expect(await page.getByTestId("cast-program-length").evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value))).toEqual([
      "30 min",
      "6 s",
      "1 h 05 min",
    ]);
    await expect(page.getByLabel("Day starts at")).toHaveValue("06:00");
    await page.getByLabel("Day starts at").fill("07:15");
    await expect(starts).toHaveText(["07:15", "07:45", "07:45:06"]);
    await expect(page.getByTestId("cast-day-summary")).toHaveText("3 programs · 07:15–08:50:06 · 1 h 35 min 06 s");
    await checkPage(page, "cast-day-editor");
  });

  await test.step("reorders by drag, with the Down button and with the grip's arrow keys; saved, a reload shows the same", async () => {
    const corner = { sourcePosition: { x: 4, y: 4 } };
    await page.getByTestId("cast-program").nth(2).dragTo(page.getByTestId("cast-program").nth(0), corner);
    expect(await titles(page)).toEqual(["Interval", "Warm-up", news]);
    await expect(starts).toHaveText(["07:15", "08:20", "08:50"]);
    await page.getByRole("button", { name: "Move Interval down, position 1 of 3" }).focus();
    await page.keyboard.press("Enter");
    expect(await titles(page)).toEqual(["Warm-up", "Interval", news]);
    await expect(page.getByRole("button", { name: "Move Interval down, position 2 of 3" })).toBeFocused();
    await page.getByRole("button", { name: `Move ${news}, position 3 of 3` }).focus();
    await page.keyboard.press("ArrowUp");
    expect(await titles(page)).toEqual(["Warm-up", news, "Interval"]);
    await expect(page.getByRole("button", { name: `Move ${news}, position 2 of 3` })).toBeFocused();
    await expect(starts).toHaveText(["07:15", "07:45", "07:45:06"]);
    await page.getByTestId("cast-day-save").click();
    await expect(page.getByTestId("cast-day-notice")).toHaveText("The day was saved: 3 programs.");
    await page.reload();
    await expect(starts).toHaveText(["07:15", "07:45", "07:45:06"]);
    expect(await titles(page)).toEqual(["Warm-up", news, "Interval"]);
  });

  await test.step("a pay-per-view title asks before it airs free: Cancel leaves the day, confirming schedules it", async () => {
    const pick = page.getByTestId("cast-pick").filter({ hasText: premiere });
    await expect(pick.getByTestId("cast-pick-sold")).toHaveText("Pay-per-view €4.99");
    await pick.getByRole("button", { name: `Add ${premiere}` }).click();
    const dialog = page.getByTestId("cast-sale-dialog");
    await expect(dialog.getByTestId("cast-sale-warning")).toHaveText(
      `“${premiere}” is sold pay-per-view for €4.99; on this free channel anyone will watch it free.`,
    );
    await checkPage(page, "cast-day-sale-warning");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId("cast-program")).toHaveCount(3);
    await expect(page.getByTestId("cast-day-save")).toBeDisabled();
    await pick.getByRole("button", { name: `Add ${premiere}` }).click();
    await dialog.getByRole("button", { name: "Schedule it free" }).click();
    await expect(page.getByTestId("cast-program")).toHaveCount(4);
    expect((await titles(page)).at(-1)).toBe(premiere);
    await expect(starts.last()).toHaveText("08:50:06");
    await page.getByTestId("cast-day-save").click();
    await expect(page.getByTestId("cast-day-notice")).toHaveText("The day was saved: 4 programs.");
  });

  await test.step("a start inside the previous day's last program is said in words beside the program", async () => {
    await page.getByLabel("Day starts at").fill("00:05");
    const flagged = page.getByTestId("cast-program").filter({ has: page.getByTestId("cast-program-problem") });
    await expect(flagged).toHaveCount(1);
    await expect(flagged.getByTestId("cast-program-problem")).toHaveText(
      'Starts before the previous program ends: "Late show" ends at 00:10, 5 min later.',
    );
    await expect(page.getByTestId("cast-day-problems")).toBeVisible();
    await expect(page.getByTestId("cast-day-save")).toBeDisabled();
    await checkPage(page, "cast-day-problem");
    await page.getByLabel("Day starts at").fill("00:10");
    await expect(page.getByTestId("cast-day-problems")).toHaveCount(0);
    await expect(starts.first()).toHaveText("00:10");
  });

  await test.step("the channel list and the channel's page with its calendar fit a phone", async () => {
    await page.getByRole("button", { name: "Undo changes" }).click();
    await page.goto(`/cast/channels/${channelId}`);
    await expect(page.getByTestId("cast-channel-name")).toHaveText("Harbour TV");
    await checkPage(page, "cast-channel-manager");
    await page.goto("/cast");
    await expect(page.getByRole("heading", { level: 1, name: "Cast" })).toBeVisible();
    await checkPage(page, "cast-channel-list");
  });
});
