// Mail through the job queue (mail/queue-mail.ts, job kind mail.send) with the SMTP server down: a
// server of the file's own (PostgreSQL: a database of its own, every role in the one process, the
// default) and an SMTP sink of its own, stopped before a registration and started again on
// the same port: the registration answers 201 at once, the failed attempt shows in
// kinora_mail_total{outcome="failed"}, and the activation mail arrives after SMTP is back (the
// second attempt, 10 s after the first: jobs/kinds.ts mailBackoffSeconds).
import assert from "node:assert/strict";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { preparePostgres } from "../../scripts/test-postgres";
import { Api } from "../support/api";
import { firstLink, mailsTo, waitForMail } from "../support/mailbox";
import { ALL_ROLES, freePort, startKinora, type Kinora } from "../support/server";
import { startSmtpSink } from "../support/smtp-sink";
import { register, registration, sleep } from "./users-fixtures";

let server: Kinora;
let ownDb: { url: string; drop(): Promise<void> } | undefined;
let smtp: { port: number; close(): Promise<void> } | undefined;
let smtpPort: number;
let mailDir: string;

before(async () => {
  mailDir = mkdtempSync(path.join(os.tmpdir(), "kinora-mail-outage-"));
  smtpPort = await freePort();
  smtp = await startSmtpSink(mailDir, smtpPort);
  ownDb = process.env.DATABASE_URL ? await preparePostgres() : undefined;
  server = await startKinora({
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    ...(ownDb ? { DATABASE_URL: ownDb.url, ...ALL_ROLES } : {}),
  });
});
after(async () => {
  await server?.stop();
  await smtp?.close();
  await ownDb?.drop();
});

async function mailMetric(outcome: "sent" | "failed"): Promise<number> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  const line = text.split("\n").find((l) => l.startsWith(`kinora_mail_total{transport="smtp",outcome="${outcome}"}`));
  return line ? Number(line.split(" ").at(-1)) : 0;
}

test("SMTP down at registration: 201 at once, the attempt fails and counts; the mail arrives once SMTP is back", async () => {
  const api = new Api(server.url);
  await smtp!.close();
  smtp = undefined;
  const failedBefore = await mailMetric("failed");

  const body = registration({ activationUrl: `${api.url}/activate?token=\${token}` });
  const started = Date.now();
  const res = await register(api, body);
  assert.equal(res.status, 201, res.text);
  assert.ok(Date.now() - started < 5000, "the answer does not wait for SMTP");

  // the first attempt fails (connection refused) and is counted; nothing is lost
  const deadline = Date.now() + 10_000;
  while ((await mailMetric("failed")) <= failedBefore) {
    assert.ok(Date.now() < deadline, "a failed attempt is counted in kinora_mail_total");
    await sleep(200);
  }
  assert.deepEqual(await mailsTo(mailDir, String(body.email)), []);

  smtp = await startSmtpSink(mailDir, smtpPort);
  const mail = await waitForMail(mailDir, String(body.email), (m) => m.subject === "Activate your Kinora account", 30_000);
  const link = new URL(firstLink(mail));
  const activated = await api.get(`/api/public/user/activate?token=${encodeURIComponent(link.searchParams.get("token") ?? "")}`, {
    token: await api.publicToken(),
  });
  assert.equal(activated.status, 200, activated.text);
  assert.ok((await mailMetric("sent")) >= 1);
  await sleep(500);
  assert.equal((await mailsTo(mailDir, String(body.email))).length, 1, "sent once");
});
