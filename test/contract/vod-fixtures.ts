// Helpers shared by the vod-*.test.ts contract tests (not a test file itself): READY contents to
// publish (a short clip uploaded through POST /api/box, processed for real), publishing, and the
// vod item's shape.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import type { Api, ApiResponse } from "../support/api";
import { makeH264AacMp4, makeMediaDir } from "../support/media-fixtures";
import { uploadFile } from "./box-fixtures";
import { waitReady } from "./playback-fixtures";
import { payThroughSandbox } from "../support/checkout";

let clipPath: string | undefined;
/** A 2-second 320x180 clip: quick to process, still a full ladder, preview and poster. */
export function vodClip(): string {
  clipPath ??= makeH264AacMp4(makeMediaDir("kinora-vod-"), { durationSeconds: 2, width: 320, height: 180, keyframeSeconds: 1 });
  return clipPath;
}

/** A word no other test uses, to find exactly one's own vods in the shared public search. */
export const uniqueWord = (prefix = "w") => `${prefix}${randomBytes(5).toString("hex")}`;

/** Uploads the clip with these box fields (title, description, tag...) and waits until it is READY. */
export async function readyItem(api: Api, token: string, fields: Record<string, string | string[]>): Promise<any> {
  const res = await uploadFile(api, token, vodClip(), fields);
  assert.equal(res.status, 201, res.text);
  return waitReady(api, token, res.body.boxId);
}

/** POST /api/box/{boxId}/vod, expecting 201. */
export async function publish(
  api: Api,
  token: string,
  boxId: string,
  body: Record<string, unknown> = { licenseType: "FREE" },
): Promise<any> {
  const res = await api.post(`/api/box/${boxId}/vod`, body, { token });
  assert.equal(res.status, 201, res.text);
  return res.body;
}

/** Buys a pay-per-view vod as `token`'s user through the sandbox checkout; returns the payment's trackingId. */
export async function buyVod(api: Api, token: string, vodId: string): Promise<string> {
  const paying = await api.post(`/api/vod/${vodId}/pay`, { embedded: false, mobile: false, returnUrl: `${api.url}/back` }, { token });
  assert.equal(paying.status, 200, paying.text);
  await payThroughSandbox(paying.body.url, paying.body.trackingId);
  return paying.body.trackingId;
}

export const VOD_KEYS = ["vodId", "boxId", "contentId", "resourceId", "title", "duration", "licenseType", "valueDate", "public"];

/** The private vod item of a box item: its content's fields, the license, public, no publisher. */
export function assertVodOf(vod: any, item: any, extra: Record<string, unknown> = {}): void {
  const { vodId, valueDate, ...rest } = vod;
  assert.match(vodId, /^[0-9a-f-]{36}$/);
  assert.match(valueDate, /^\d{2}\/\d{2}\/\d{4}$/);
  const content = Object.fromEntries(
    ["boxId", "contentId", "resourceId", "title", "description", "duration", "thumbnailId", "tags"]
      .filter((k) => item[k] !== undefined)
      .map((k) => [k, item[k]]),
  );
  assert.deepEqual(rest, { ...content, public: true, ...extra });
}

/** A search page's vodIds, in order. */
export const vodIds = (res: ApiResponse): string[] => {
  assert.equal(res.status, 200, res.text);
  return res.body.items.map((i: { vodId: string }) => i.vodId);
};
