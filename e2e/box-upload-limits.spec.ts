// The uploader and the license's limits in Chromium: the limits are shown beside the drop zone
// before any upload; a file over the size per file is refused in the browser without a request; a
// refusal the server answers (4xx) is shown at once and not retried, while a server error (5xx) is.
// The user whose uploads are used up also checks the box list at phone width and the dashboard's
// count (failed items are no videos).
import { closeSync, mkdtempSync, openSync, rmSync, ftruncateSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page, type Request } from "@playwright/test";
import { Api } from "../test/support/api";
import { makeH264AacMp4, makeMediaDir } from "../test/support/media-fixtures";
import { isFinal, postMultipart, waitForItem } from "../test/contract/box-fixtures";
import { logIn, shot } from "./helpers/account";

const baseUrl = process.env.KINORA_TEST_URL ?? "http://127.0.0.1:3000";
const FREE_MAX_UPLOADS = 20;

/** The requests of the portal's tus uploads (POST creates, PATCH sends bytes), as the page sent them. */
function tusRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname.startsWith("/uploads/box")) seen.push(r);
  });
  return seen;
}

async function openBox(page: Page, user: { userCode: string; password: string }): Promise<void> {
  await logIn(page, user.userCode, user.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/box");
  await expect(page.getByRole("heading", { name: "Box", exact: true })).toBeVisible();
}

test("a file over the license's size is refused in the browser, before a byte is sent", async ({ page }) => {
  const user = await new Api(baseUrl).newUser();
  const dir = mkdtempSync(path.join(os.tmpdir(), "kinora-e2e-limits-"));
  // 600 MB against Free's 500 MB, sparse: nothing is written to disk, and nothing may be read
  const big = path.join(dir, "too-large.mp4");
  const fd = openSync(big, "w");
  ftruncateSync(fd, 600 * 1024 * 1024);
  closeSync(fd);
  try {
    await openBox(page, user);
    const limits = page.getByTestId("upload-limits");
    await expect(limits).toHaveText("Up to 500 MB per file · 1 GB of storage left · 20 uploads left");
    await shot(page, "limits-01-shown");

    const requests = tusRequests(page);
    await page.getByTestId("upload-input").setInputFiles(big);
    await expect(page.getByTestId("upload-error")).toHaveText(
      "too-large.mp4: The file (600 MB) is larger than the 500 MB per file your license allows.",
    );
    await expect(page.getByTestId("upload-status")).toHaveCount(0);
    await shot(page, "limits-02-too-large");
    await page.waitForTimeout(1500);
    expect(requests.map((r) => `${r.method()} ${r.url()}`)).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("the server's 4xx is shown at once and not retried; a 5xx is retried", async ({ page }) => {
  test.setTimeout(120_000);
  const api = new Api(baseUrl);
  const user = await api.newUser();
  // every upload of the license taken, by items that are no videos: they fail processing, and
  // keep their slot until deleted
  const tiny = { filename: "tiny.mp4", data: Buffer.from("not a video, but a box item all the same") };
  const boxIds: string[] = [];
  for (let i = 0; i < FREE_MAX_UPLOADS; i++) {
    const res = await postMultipart(api, "/api/box", user.access, { title: `Not a video ${i}` }, tiny);
    expect(res.status, res.text).toBe(201);
    boxIds.push(res.body.boxId);
  }
  for (const boxId of boxIds) expect((await waitForItem(api, user.access, boxId, isFinal)).status).toBe("FAILED");
  const dir = makeMediaDir("kinora-e2e-refused-");
  const clip = makeH264AacMp4(dir, { durationSeconds: 1, width: 320, height: 180, name: "refused-clip.mp4" });

  try {
    await test.step("the dashboard counts no videos: failed items are none", async () => {
      await logIn(page, user.userCode, user.password);
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByTestId("videos-count")).toHaveText("0");
    });

    await test.step("the box at phone width: the limits say no upload is left; nothing overflows", async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto("/box");
      await expect(page.getByTestId("upload-limits")).toContainText("0 uploads left");
      await expect(page.getByTestId("box-item")).toHaveCount(FREE_MAX_UPLOADS);
      await expect(page.getByTestId("failure-reason").first()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await shot(page, "limits-03-used-up-390");
      await page.setViewportSize({ width: 1280, height: 720 });
    });

    await test.step("a server error is retried; the refusal that follows is shown at once, once", async () => {
      const requests = tusRequests(page);
      let failed = false;
      await page.route("**/uploads/box", async (route) => {
        if (route.request().method() === "POST" && !failed) {
          failed = true;
          await route.fulfill({
            status: 503,
            contentType: "application/json",
            body: JSON.stringify({ status: 503, message: "Try later" }),
          });
        } else await route.continue();
      });
      const started = Date.now();
      await page.getByTestId("upload-input").setInputFiles(clip);
      const error = page.getByTestId("upload-error");
      await expect(error).toHaveText(
        "refused-clip.mp4: You have reached the 20 contents your license allows: delete some or upgrade your license",
      );
      // the 503 waited for the first retry delay (1 s); the 403 ended the upload at once
      expect(Date.now() - started).toBeLessThan(10_000);
      await shot(page, "limits-04-refused");
      await page.waitForTimeout(3000); // longer than the next retry delays (2 s): nothing more is sent
      expect(requests.map((r) => r.method())).toEqual(["POST", "POST"]);
      const answers = await Promise.all(requests.map(async (r) => (await r.response())?.status()));
      expect(answers).toEqual([503, 403]);
      await expect(page.getByTestId("upload-status")).toHaveCount(0);
      await page.unroute("**/uploads/box");
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
