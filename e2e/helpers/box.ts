// A creator with READY contents in the box, set up through REST (upload, wait for READY), for the
// journeys that start from the box (bundles, cast).
import { openAsBlob } from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";
import { Api } from "../../test/support/api";
import { makeH264AacMp4, makeMediaDir } from "../../test/support/media-fixtures";

/** A new creator and the boxIds of READY contents of these titles (6-second clips), in order. */
export async function creatorWith(
  baseUrl: string,
  titles: string[],
): Promise<{ userCode: string; password: string; access: string; boxIds: string[] }> {
  const api = new Api(baseUrl);
  const creator = await api.newUser();
  // 6 seconds: long enough to see playback advance, small enough to process in a few seconds
  const clip = makeH264AacMp4(makeMediaDir("kinora-e2e-box-"), { durationSeconds: 6, width: 320, height: 180, keyframeSeconds: 1 });
  const boxIds = await Promise.all(
    titles.map(async (title) => {
      const form = new FormData();
      form.append("title", title);
      form.append("file", await openAsBlob(clip), path.basename(clip));
      const upload = await fetch(`${baseUrl}/api/box`, {
        method: "POST",
        headers: { Authorization: `Bearer ${creator.access}` },
        body: form,
      });
      expect(upload.status).toBe(201);
      return ((await upload.json()) as { boxId: string }).boxId;
    }),
  );
  for (const boxId of boxIds)
    await expect
      .poll(async () => (await api.get(`/api/box/${boxId}`, { token: creator.access })).body.status, { timeout: 150_000, intervals: [500] })
      .toBe("READY");
  return { ...creator, boxIds };
}
