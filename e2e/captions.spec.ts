// Captions and chapters in the watch page's player, in Chromium (issue 26): a free vod whose content
// has an English caption track and three chapters (set up through REST). The captions menu turns the
// captions on and their text shows over the video, above the controls (screenshot); C turns them off
// and on; the choice is remembered for the next video; the seek bar has a mark per chapter and its
// tooltip names the chapter and shows the storyboard's frame; the page's chapter list plays from a chapter. The studio's Captions and
// chapters panel uploads a track and saves chapters. axe on each page.
import { checkPage, expect, test } from "./helpers/page-health";
import { readyBoxItem, videoTime } from "./helpers/vod";
import { Api } from "../test/support/api";
import { makeH264AacMp4, makeMediaDir, makeMultiTrackMp4 } from "../test/support/media-fixtures";
import { logIn } from "./helpers/account";

const baseUrl = process.env.KINORA_TEST_URL ?? "http://127.0.0.1:3000";
const api = new Api(baseUrl);

const CAPTIONS = `WEBVTT

00:00:00.200 --> 00:00:11.500
The harbour at dawn
`;

async function captionedVod(title: string) {
  const creator = await api.newUser();
  const file = makeH264AacMp4(makeMediaDir("kinora-e2e-captions-"), { durationSeconds: 12, width: 320, height: 180, keyframeSeconds: 1 });
  const boxId = await readyBoxItem(api, creator.access, file, title);
  const captions = new FormData();
  captions.append("language", "en");
  captions.append("file", new Blob([CAPTIONS], { type: "text/vtt" }), "harbour.vtt");
  const added = await fetch(`${baseUrl}/api/box/${boxId}/captions`, {
    method: "POST",
    headers: { Authorization: `Bearer ${creator.access}` },
    body: captions,
  });
  expect(added.status, await added.clone().text()).toBe(201);
  const chapters = [
    { start: 0, title: "Dawn" },
    { start: 4, title: "The ferry" },
    { start: 8, title: "Open sea" },
  ];
  expect((await api.post(`/api/box/${boxId}/chapters`, chapters, { token: creator.access })).status).toBe(200);
  const vod = await api.post(`/api/box/${boxId}/vod`, { licenseType: "FREE" }, { token: creator.access });
  expect(vod.status, vod.text).toBe(201);
  return { creator, boxId, vodId: vod.body.vodId as string };
}

test("the watch page: captions on from the menu, over the video; C toggles them; chapter marks and list", async ({ page }) => {
  test.setTimeout(180_000);
  const { vodId } = await captionedVod("Harbour at dawn");
  await page.goto(`/v/${vodId}`);
  await expect(page.getByTestId("watch-chapter")).toHaveText(["0:00 Dawn", "0:04 The ferry", "0:08 Open sea"]);
  await checkPage(page, "captions-01-watch");

  await page.getByRole("button", { name: "Play", exact: true }).click();
  await expect.poll(() => videoTime(page), { timeout: 30_000 }).toBeGreaterThan(0.3);
  await page.keyboard.press("k");

  // the captions menu: Off, then the track
  await page.getByTestId("player-menu-captions").click();
  await expect(page.getByRole("menuitemradio")).toHaveText(["Off", "English"]);
  await page.getByRole("menuitemradio", { name: "English", exact: true }).click();
  const captions = page.getByTestId("player-captions");
  await expect(captions).toHaveText("The harbour at dawn", { timeout: 15_000 });
  // drawn above the control bar, inside the picture
  const [cue, bar, screen] = await Promise.all([
    captions.boundingBox(),
    page.getByTestId("player-controls").boundingBox(),
    page.getByTestId("player-video").boundingBox(),
  ]);
  expect(cue!.y + cue!.height).toBeLessThanOrEqual(bar!.y + bar!.height / 2 + 1);
  expect(cue!.y).toBeGreaterThan(screen!.y);
  await checkPage(page, "captions-02-captions-on");

  // C: off, and on again
  await page.getByRole("region", { name: "Video player: Harbour at dawn" }).focus();
  await page.keyboard.press("c");
  await expect(captions).toHaveCount(0);
  await page.keyboard.press("c");
  await expect(captions).toHaveText("The harbour at dawn");

  // a mark on the seek bar per chapter after the first; the tooltip names the chapter under the pointer
  await expect(page.getByTestId("player-chapter-mark")).toHaveCount(2);
  const seek = (await page.getByTestId("player-seek").boundingBox())!;
  await page.mouse.move(seek.x + seek.width * 0.5, seek.y + seek.height / 2);
  await expect(page.getByTestId("player-seek-tip")).toContainText("The ferry");
  // the storyboard: the frame under the pointer, a rectangle of a sprite sheet the signed address reaches
  const thumb = page.getByTestId("player-seek-thumbnail");
  await expect(thumb).toBeVisible();
  const sheet = await thumb.evaluate((el) => getComputedStyle(el).backgroundImage);
  expect(sheet).toMatch(/\/storyboard\/sheet_000\.jpg/);
  const sheetStatus = await page.evaluate(async (url) => (await fetch(url)).status, sheet.replace(/^url\("?|"?\)$/g, ""));
  expect(sheetStatus).toBe(200);

  // the chapter list plays from a chapter
  await page.getByTestId("watch-chapter").filter({ hasText: "Open sea" }).click();
  await expect.poll(() => videoTime(page)).toBeGreaterThanOrEqual(7.9);

  // the embed page: the same player, its captions menu, no serious accessibility violation
  await page.goto(`/embed/v/${vodId}`);
  await page.getByRole("button", { name: "Play", exact: true }).click();
  await expect(page.getByTestId("player-captions")).toHaveText("The harbour at dawn", { timeout: 30_000 });
  await checkPage(page, "captions-04-embed");

  // the choice is remembered: another captioned video starts with its English captions on
  const { vodId: next } = await captionedVod("Harbour at noon");
  await page.goto(`/v/${next}`);
  await page.getByRole("button", { name: "Play", exact: true }).click();
  await expect(page.getByTestId("player-captions")).toHaveText("The harbour at dawn", { timeout: 30_000 });
});

test("the studio's Captions and chapters panel: a track uploaded, a bad file refused with its line, chapters saved", async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(180_000);
  // the refused file's answer (400), which the browser reports
  consoleErrors.allow(/Failed to load resource: the server responded with a status of 400/);
  const { creator, boxId } = await captionedVod("Studio captions");
  await logIn(page, creator.userCode, creator.password);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto("/box");
  const card = page.locator(`[data-box-id="${boxId}"]`);
  await card.getByTestId("box-tracks-toggle").click();
  const panel = card.getByTestId("box-tracks");
  await expect(panel.getByTestId("caption-row")).toHaveCount(1);

  const form = panel.getByTestId("caption-upload");
  await form.getByLabel("Caption file").setInputFiles({
    name: "bad.srt",
    mimeType: "application/x-subrip",
    buffer: Buffer.from("1\n00:00:01,000 -> 00:00:02,000\nNo arrow\n"),
  });
  await form.getByLabel("Language").fill("it");
  await form.getByRole("button", { name: "Add captions" }).click();
  await expect(form.getByText(/line 2/)).toBeVisible();

  await form.getByLabel("Caption file").setInputFiles({
    name: "it.srt",
    mimeType: "application/x-subrip",
    buffer: Buffer.from("1\n00:00:01,000 --> 00:00:03,000\nIl porto all'alba\n"),
  });
  await form.getByRole("button", { name: "Add captions" }).click();
  await expect(panel.getByTestId("caption-row")).toHaveCount(2);
  await expect(panel.locator('[data-language="it"]')).toContainText("Italian");

  const editor = panel.getByTestId("chapter-editor");
  await expect(editor.getByTestId("chapter-row")).toHaveCount(3);
  await editor.getByLabel("Title of chapter 3").fill("The open sea");
  await editor.getByRole("button", { name: "Save chapters" }).click();
  await expect(editor.getByText("Chapters saved.")).toBeVisible();
  await checkPage(page, "captions-03-studio-panel");
  const saved = await api.get(`/api/box/${boxId}/chapters`, { token: creator.access });
  expect(saved.body).toEqual([
    { start: 0, title: "Dawn" },
    { start: 4, title: "The ferry" },
    { start: 8, title: "The open sea" },
  ]);
});

test("a source with two audio languages: the Audio menu switches to the other one, which keeps playing and is remembered", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const creator = await api.newUser();
  const file = makeMultiTrackMp4(makeMediaDir("kinora-e2e-audio-"), {
    durationSeconds: 8,
    subtitles: "1\n00:00:00,500 --> 00:00:07,500\nTwo languages\n",
    chapters: [{ start: 0, title: "All of it" }],
  });
  const boxId = await readyBoxItem(api, creator.access, file, "Two languages");
  const vod = await api.post(`/api/box/${boxId}/vod`, { licenseType: "FREE" }, { token: creator.access });
  expect(vod.status, vod.text).toBe(201);

  await page.goto(`/v/${vod.body.vodId}`);
  await page.getByRole("button", { name: "Play", exact: true }).click();
  await expect.poll(() => videoTime(page), { timeout: 30_000 }).toBeGreaterThan(0.3);
  await page.getByTestId("player-menu-audio").click();
  await expect(page.getByRole("menuitemradio")).toHaveText(["English", "Italian"]);
  await page.getByRole("menuitemradio", { name: "Italian", exact: true }).click();
  await expect(page.getByTestId("player-menu-audio")).toHaveText("Audio: Italian");
  const at = await videoTime(page);
  await expect.poll(() => videoTime(page), { timeout: 15_000 }).toBeGreaterThan(at + 1);
  await checkPage(page, "captions-05-audio-menu");

  // the next video of two languages starts in Italian
  await page.reload();
  await page.getByRole("button", { name: "Play", exact: true }).click();
  await expect(page.getByTestId("player-menu-audio")).toHaveText("Audio: Italian", { timeout: 30_000 });
});
