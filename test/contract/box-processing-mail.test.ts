// The processing mail (features.transcoderNotifyEnabled): the owner is mailed once when an upload
// becomes READY, and once when it becomes FAILED with the reason the item shows, in the owner's
// language; an owner who turned it off gets nothing. Mail goes to the suite's SMTP sink (on
// PostgreSQL the mail is sent by the `npm run worker` process that ran the ingest).
import assert from "node:assert/strict";
import { before, test } from "node:test";
import type { Api } from "../support/api";
import { mailsTo, waitForMail, type ReceivedMail } from "../support/mailbox";
import { makeH264AacMp4, makeMediaDir, makeNotMedia } from "../support/media-fixtures";
import { isFinal, sleep, uploadFile, waitForItem } from "./box-fixtures";
import { connect, newUser, type TestUser } from "./users-fixtures";

let api: Api;
let mailDir: string;
let clip: string;
let broken: string;
before(async () => {
  ({ api, mailDir } = await connect());
  const media = makeMediaDir();
  clip = makeH264AacMp4(media, { durationSeconds: 2, width: 320, height: 180 });
  broken = makeNotMedia(media);
});

async function processed(u: TestUser, file: string, title: string): Promise<any> {
  const res = await uploadFile(api, u.access, file, { title });
  assert.equal(res.status, 201, res.text);
  return waitForItem(api, u.access, res.body.boxId, isFinal, 120_000);
}

/** Every mail to `u` whose subject names `title`, once the first has come. */
async function mailsAbout(u: TestUser, title: string): Promise<ReceivedMail[]> {
  const about = (m: ReceivedMail) => m.subject.includes(title);
  await waitForMail(mailDir, u.email, about, 20_000);
  await sleep(1500); // a second one would have come by now
  return mailsTo(mailDir, u.email, about);
}

test("READY: the owner with the flag on is mailed once, in English, with a link to the box", async () => {
  const u = await newUser(api); // transcoderNotifyEnabled is on for a new account
  const item = await processed(u, clip, "Harbour at dawn");
  assert.equal(item.status, "READY", JSON.stringify(item));
  const mails = await mailsAbout(u, "Harbour at dawn");
  assert.equal(mails.length, 1, JSON.stringify(mails));
  assert.equal(mails[0]!.subject, 'Your video "Harbour at dawn" is ready');
  assert.match(mails[0]!.text, /"Harbour at dawn" has been processed and can be played now\./);
  assert.match(mails[0]!.text, /Your box: https?:\/\/\S+\/box\n/);
});

test("an Italian owner: READY and FAILED (with the item's reason) in Italian", async () => {
  const u = await newUser(api, { language: "it" });
  const ready = await processed(u, clip, "Porto all'alba");
  assert.equal(ready.status, "READY", JSON.stringify(ready));
  const failed = await processed(u, broken, "Appunti");
  assert.equal(failed.status, "FAILED", JSON.stringify(failed));
  assert.ok(failed.statusReason, "the item says why");

  const [readyMail, ...moreReady] = await mailsAbout(u, "Porto all'alba");
  assert.equal(moreReady.length, 0);
  assert.equal(readyMail!.subject, `Il tuo video "Porto all'alba" è pronto`);
  assert.match(readyMail!.text, /è stato elaborato e ora si può riprodurre/);

  const [failedMail, ...moreFailed] = await mailsAbout(u, "Appunti");
  assert.equal(moreFailed.length, 0);
  assert.equal(failedMail!.subject, `Non è stato possibile elaborare il tuo video "Appunti"`);
  assert.ok(failedMail!.text.includes(`Motivo: ${failed.statusReason}`), failedMail!.text);
});

test("the flag off: no mail, neither for READY nor for FAILED", async () => {
  const off = await newUser(api);
  const update = await api.post(
    "/api/user/me",
    { profile: off.user.profile, features: { transcoderNotifyEnabled: false } },
    { token: off.access },
  );
  assert.equal(update.status, 200, update.text);
  assert.equal(update.body.features.transcoderNotifyEnabled, false);
  const on = await newUser(api); // the control: its mail shows that notifications are being sent meanwhile

  const [offReady, offFailed, onReady] = await Promise.all([
    processed(off, clip, "Quiet one"),
    processed(off, broken, "Quiet two"),
    processed(on, clip, "Loud one"),
  ]);
  assert.deepEqual([offReady.status, offFailed.status, onReady.status], ["READY", "FAILED", "READY"]);
  await waitForMail(mailDir, on.email, (m) => m.subject.includes("Loud one"), 20_000);
  await sleep(3000);
  assert.deepEqual(await mailsTo(mailDir, off.email), []);
});
