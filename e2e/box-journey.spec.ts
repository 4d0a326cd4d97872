// The box journey in Chromium against the shared test server: upload a video in the portal with tus
// (progress bar, a dropped connection that resumes where it stopped), processing progress until
// READY, playback with hls.js (currentTime advances, a higher rung selected and played), edit,
// download, delete. The clip is made by ffmpeg in the test.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import type { Page, Request } from "@playwright/test";
import { expect, test } from "./helpers/csp-guard";
import { Api } from "../test/support/api";
import { makeH264AacMp4, makeMediaDir } from "../test/support/media-fixtures";
import { logIn, shot } from "./helpers/account";
import { expectErrorUnder, expectFieldsNotice } from "./helpers/field-errors";

const baseUrl = process.env.KINORA_TEST_URL ?? "http://127.0.0.1:3000";
const sha256 = (b: Buffer) => createHash("sha256").update(b).digest("hex");

async function videoTime(page: Page): Promise<number> {
  return page.getByTestId("player-video").evaluate((v: HTMLVideoElement) => v.currentTime);
}

test("upload with tus (progress, resume), wait for READY, play and switch quality, edit, download, delete", async ({ page, context }) => {
  test.setTimeout(240_000);
  const dir = makeMediaDir("kinora-e2e-box-");
  // 720p source: the ladder has 720p, 480p and 360p; keyframes every second, so the remux plays first
  const clip = makeH264AacMp4(dir, { durationSeconds: 12, width: 1280, height: 720, keyframeSeconds: 1, name: "journey-clip.mp4" });
  const clipBytes = readFileSync(clip);
  const thumbnail = path.join(dir, "thumbnail.png");
  execFileSync("ffmpeg", [
    "-hide_banner",
    "-loglevel",
    "error",
    "-y",
    "-f",
    "lavfi",
    "-i",
    "color=c=orange:s=320x180",
    "-frames:v",
    "1",
    thumbnail,
  ]);
  const user = await new Api(baseUrl).newUser();

  try {
    await test.step("log in and open the empty box", async () => {
      await logIn(page, user.userCode, user.password);
      await expect(page).toHaveURL(/\/dashboard$/);
      await page.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "Box" }).click();
      await expect(page.getByRole("heading", { name: "Box", exact: true })).toBeVisible();
      await expect(page.getByTestId("box-empty")).toBeVisible();
      // the limits are shown before any upload
      await expect(page.getByTestId("upload-limits")).toContainText("Up to 500 MB per file");
      await shot(page, "box-01-empty");
    });

    const patches: { offset: number }[] = [];
    page.on("request", (r: Request) => {
      if (r.method() === "PATCH" && new URL(r.url()).pathname.startsWith("/uploads/box/")) {
        patches.push({ offset: Number(r.headers()["upload-offset"]) });
      }
    });

    await test.step("upload over a slow link: the progress bar moves; a dropped connection resumes where it stopped", async () => {
      const cdp = await context.newCDPSession(page);
      // a few seconds for the clip: long enough to watch the bar move
      const bytesPerSecond = Math.max(512 * 1024, Math.round(clipBytes.length / 5));
      await cdp.send("Network.emulateNetworkConditions", {
        offline: false,
        latency: 5,
        downloadThroughput: -1,
        uploadThroughput: bytesPerSecond,
      });
      // the connection drops under the second chunk (the portal sends 8 MiB per PATCH)
      let cut = false;
      await page.route("**/uploads/box/*", async (route) => {
        const offset = Number(route.request().headers()["upload-offset"]);
        if (route.request().method() === "PATCH" && offset > 0 && !cut) {
          cut = true;
          await route.abort("connectionreset");
        } else await route.continue();
      });
      await page.getByLabel("Title").first().fill("Journey clip");
      await page.getByLabel(/^Tags/).fill("e2e, journey");
      await page.getByTestId("upload-input").setInputFiles(clip);
      const bar = page.getByTestId("upload-progress");
      await expect(bar).toBeVisible();
      await expect.poll(async () => Number(await bar.getAttribute("aria-valuenow")), { timeout: 30_000 }).toBeGreaterThanOrEqual(10);
      await shot(page, "box-02-uploading");
      await expect(page.getByTestId("upload-status")).toContainText("Connection lost", { timeout: 30_000 });
      await shot(page, "box-03-connection-lost");
      await expect(page.getByTestId("upload-done")).toBeVisible({ timeout: 60_000 });
      await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
      await cdp.detach();
      await page.unroute("**/uploads/box/*");

      // the first PATCH started at 0; after the cut, tus asked the server for its offset and went on from there
      expect(cut).toBe(true);
      const offsets = patches.map((p) => p.offset);
      expect(offsets[0]).toBe(0);
      const resumedAt = offsets.filter((o) => o > 0);
      // the cut chunk was sent again from the offset the server had (not from 0), then the upload finished
      expect(resumedAt.length, `PATCH offsets: ${offsets.join(", ")}`).toBeGreaterThanOrEqual(2);
      expect(resumedAt[1]).toBe(resumedAt[0]);
      expect(Math.max(...offsets)).toBeLessThan(clipBytes.length);
    });

    const item = page.getByTestId("box-item").filter({ hasText: "Journey clip" });
    await test.step("the item is processed, with its progress shown once, until READY; then it shows its poster", async () => {
      await expect(item).toBeVisible();
      // "Processing" and its percent are shown once (the progress bar's), not by a badge too
      const text = await item.innerText();
      expect(text.match(/Processing/g)?.length ?? 0, text).toBeLessThanOrEqual(1);
      expect(text.match(/%/g)?.length ?? 0, text).toBeLessThanOrEqual(1);
      await shot(page, "box-04-processing");
      await expect(item).toHaveAttribute("data-status", "READY", { timeout: 150_000 });
      await expect(item.getByTestId("box-status")).toHaveText("Ready");
      await expect(item).toContainText("0:12");
      await expect(item).toContainText("#e2e #journey");
      // the "uploaded" notice was for the processing: it is gone once the item is ready
      await expect(page.getByTestId("upload-done")).toHaveCount(0);
      // the poster the ingest grabbed, through a signed media URL, loaded (a 1280x720 source)
      const picture = item.getByTestId("box-item-picture");
      await expect(picture).toHaveAttribute("src", /\/media\/\d+\/[\w-]+\/poster(\/[0-9a-f-]{36}){3}\/poster\.jpg$/);
      await expect.poll(() => picture.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBeGreaterThan(0);
    });

    await test.step("at phone width (390 px) nothing overflows", async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await shot(page, "box-04b-ready-390");
      await page.setViewportSize({ width: 1280, height: 720 });
    });

    await test.step("play in hls.js: time advances, and a higher rung can be chosen and plays", async () => {
      const segments: string[] = [];
      page.on("request", (r: Request) => {
        if (/\/seg_\d+\.ts$/.test(new URL(r.url()).pathname)) segments.push(new URL(r.url()).pathname);
      });
      await item.getByRole("button", { name: "Play" }).click();
      // the player's quality menu lists hls.js's ladder, highest first
      const quality = item.getByTestId("player-menu-quality");
      await expect(quality).toBeVisible();
      await quality.click();
      await expect(item.getByRole("menuitemradio")).toHaveText([/^Auto/, "720p", "480p", "360p"]);
      await page.keyboard.press("Escape");
      await item.getByTestId("player-video").evaluate((v: HTMLVideoElement) => {
        v.muted = true;
        void v.play();
      });
      await expect.poll(() => videoTime(page), { timeout: 30_000 }).toBeGreaterThan(1);
      await shot(page, "box-05-playing");

      await quality.click();
      await item.getByRole("menuitemradio", { name: "720p", exact: true }).click();
      await expect(quality).toHaveText("Quality: 720p");
      await expect.poll(() => segments.some((s) => s.includes("/720p/")), { timeout: 30_000 }).toBe(true);
      const before = await videoTime(page);
      await expect.poll(() => videoTime(page), { timeout: 30_000 }).toBeGreaterThan(before + 1);
      expect(segments.some((s) => s.includes("/720p/"))).toBe(true);
      await shot(page, "box-06-playing-720p");

      // every media URL is signed: the same segment without its signature is refused
      const signed = segments.find((s) => s.includes("/720p/"))!;
      const unsigned = signed.replace(/^\/media\/[^/]+\/[^/]+\//, "/media/x/y/");
      expect((await page.request.get(unsigned)).status()).toBe(403);
      await item.getByRole("button", { name: "Close player" }).click();
    });

    await test.step("edit title, description and tags", async () => {
      await item.getByRole("button", { name: "Edit" }).click();
      const form = page.getByRole("form", { name: "Edit Journey clip" });
      await form.getByLabel("Title").fill("");
      await form.getByRole("button", { name: "Save" }).click();
      await expectFieldsNotice(form.getByRole("alert"), ["Title"]);
      await expectErrorUnder(page, form.getByLabel("Title"), "is required");
      await form.getByLabel("Title").fill("Journey clip, edited");
      await form.getByLabel("Description").fill("Made by the box journey.\nOn two lines.");
      await form.getByLabel("Tags").fill("edited");
      await form.getByLabel("Thumbnail").setInputFiles(thumbnail);
      await form.getByRole("button", { name: "Save" }).click();
      const edited = page.getByTestId("box-item").filter({ hasText: "Journey clip, edited" });
      // the description keeps its line break
      await expect.poll(() => edited.getByText("Made by the box journey.").innerText()).toBe("Made by the box journey.\nOn two lines.");
      await expect(edited).toContainText("#edited");
      // the chosen thumbnail replaces the poster, from the public asset route at the card's width
      const img = edited.getByTestId("box-item-picture");
      await expect(img).toHaveAttribute("src", /^\/asset\/thumbnail\/[0-9a-f-]{36}\/320$/);
      await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBe(320);
      await shot(page, "box-07-edited");
    });

    const edited = page.getByTestId("box-item").filter({ hasText: "Journey clip, edited" });
    await test.step("search finds it by a word of its description; a search too long names the field and the limit", async () => {
      const searchbox = page.getByRole("main").getByRole("searchbox", { name: "Search" });
      const searchButton = page.getByRole("main").getByRole("button", { name: "Search", exact: true });
      await searchbox.fill("journey");
      await searchButton.click();
      await expect(edited).toBeVisible();
      await searchbox.fill("nothingmatchesthis");
      await searchButton.click();
      await expect(page.getByTestId("box-empty")).toHaveText("Nothing matches your search.");
      await searchbox.fill("x".repeat(600));
      await searchButton.click();
      // the limit under the search field, the notice above naming the field
      await expectErrorUnder(page, searchbox, "must be at most 200 characters long");
      await expectFieldsNotice(page.getByRole("main").getByRole("alert"), ["Search"]);
      await expect(page.getByText("must be at most 200 characters long")).toHaveCount(1);
      await shot(page, "box-07b-search-too-long");
      await searchbox.fill("");
      await searchButton.click();
      await expect(edited).toBeVisible();
    });

    await test.step("download the original: the same bytes as uploaded", async () => {
      const download = page.waitForEvent("download");
      await edited.getByRole("button", { name: "Download" }).click();
      const file = await (await download).path();
      expect(statSync(file).size).toBe(clipBytes.length);
      expect(sha256(readFileSync(file))).toBe(sha256(clipBytes));
    });

    await test.step("delete, after confirming", async () => {
      await edited.getByRole("button", { name: "Delete" }).click();
      await page
        .getByRole("dialog", { name: /^Delete "/ })
        .getByRole("button", { name: "Delete" })
        .click();
      await expect(page.getByTestId("box-empty")).toBeVisible();
      await shot(page, "box-08-deleted");
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
