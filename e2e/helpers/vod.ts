// A creator's published vods for the watch journeys, set up through REST, and the player's clock.
import { openAsBlob } from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import type { Api } from "../../test/support/api";
import { makeH264AacMp4, makeMediaDir } from "../../test/support/media-fixtures";

/** A creator with one READY content published as `licenses` (REST: upload, wait for READY, publish). */
export async function publishedVods(
  api: Api,
  title: string,
  licenses: Record<string, unknown>[],
  clip: { durationSeconds: number; width: number; height: number } = { durationSeconds: 6, width: 320, height: 180 },
): Promise<{ userCode: string; password: string; vodIds: string[] }> {
  const creator = await api.newUser();
  // 6 seconds by default: long enough to see playback advance, small enough to process in a few seconds
  const file = makeH264AacMp4(makeMediaDir("kinora-e2e-vod-"), { ...clip, keyframeSeconds: 1 });
  const boxId = await readyBoxItem(api, creator.access, file, title);
  const vodIds = [];
  for (const license of licenses) {
    const vod = await api.post(`/api/box/${boxId}/vod`, license, { token: creator.access });
    expect(vod.status, vod.text).toBe(201);
    vodIds.push(vod.body.vodId as string);
  }
  return { userCode: creator.userCode, password: creator.password, vodIds };
}

/** Uploads `file` through POST /api/box as `title` and waits until the item is READY: its boxId. */
export async function readyBoxItem(api: Api, token: string, file: string, title: string): Promise<string> {
  const form = new FormData();
  form.append("title", title);
  form.append("file", await openAsBlob(file), path.basename(file));
  const upload = await fetch(`${api.url}/api/box`, { method: "POST", headers: { Authorization: `Bearer ${token}` }, body: form });
  expect(upload.status).toBe(201);
  const { boxId } = (await upload.json()) as { boxId: string };
  await expect
    .poll(async () => (await api.get(`/api/box/${boxId}`, { token })).body.status, { timeout: 120_000, intervals: [500] })
    .toBe("READY");
  return boxId;
}

/** The video's current time. */
export const videoTime = (page: Page) => page.getByTestId("player-video").evaluate((v: HTMLVideoElement) => v.currentTime);
