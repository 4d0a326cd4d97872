// Webhook events on a real database (src/server/domain/webhooks, domain/cast/announce-on-air.ts):
// cast.on_air told once per program that went on air (breaks and old or future programs not), the
// fan-out of an event to the endpoints that want it (once, even when retried), and the last failed
// attempt of an endpoint failing for days: the delivery FAILED, the endpoint disabled, its owner mailed.
import assert from "node:assert/strict";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { test } from "node:test";
import { insertUser, integrationDb, useIntegrationDatabase } from "../support/integration-db";

useIntegrationDatabase("kinora-webhook-events-");
process.env.WEBHOOK_ALLOW_PRIVATE_ADDRESSES = "true"; // the receiver below listens on loopback

const MIN = 60_000;

async function endpoint(userId: string, events: string[], url = "http://127.0.0.1:9/none", extra: Record<string, unknown> = {}) {
  const db = await integrationDb();
  const { webhookSecrets } = await import("../../src/server/domain/webhooks/endpoints");
  const row = await db.webhookEndpoint.create({
    data: { userId, url, events, secretSealed: webhookSecrets.seal("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"), ...extra },
    select: { id: true },
  });
  return row.id;
}

const jobsOf = async (type: string, since: Date) =>
  (await integrationDb()).job.findMany({ where: { type, createdAt: { gte: since } }, orderBy: { createdAt: "asc" } });

test("cast.on_air: each program that went on air is told once; breaks, old and future programs are not", async () => {
  const db = await integrationDb();
  const { announceProgramsOnAir } = await import("../../src/server/domain/cast/announce-on-air");
  const ownerId = await insertUser(db);
  const quietId = await insertUser(db); // no webhook: its program is claimed, nothing queued
  await endpoint(ownerId, ["cast.on_air"]);
  const now = Date.now();
  const channel = await db.castChannel.create({ data: { ownerId, name: "Ch", streamPath: `c${now}`, tags: [] } });
  const quiet = await db.castChannel.create({ data: { ownerId: quietId, name: "Q", streamPath: `q${now}`, tags: [] } });
  const program = (channelId: string, itemType: "PRERECORDED" | "BREAK" | "LIVE", from: number, to: number, title: string) =>
    db.castProgram.create({ data: { channelId, itemType, title, tags: [], startsAt: new Date(now + from), endsAt: new Date(now + to) } });
  const started = await program(channel.id, "PRERECORDED", -1 * MIN, 30 * MIN, "Started");
  await program(channel.id, "BREAK", -30 * MIN, -1 * MIN, "Break before");
  await program(channel.id, "LIVE", 30 * MIN, 60 * MIN, "Later");
  await program(quiet.id, "LIVE", -2 * MIN, 10 * MIN, "Quiet");
  const long = await db.castChannel.create({ data: { ownerId, name: "L", streamPath: `l${now}`, tags: [] } });
  await program(long.id, "PRERECORDED", -20 * MIN, 20 * MIN, "Started long ago"); // missed: not told late

  const since = new Date(now - 1000);
  // on PostgreSQL the suite's worker sweeps the same database: whoever announces, each program is told once
  await announceProgramsOnAir(db, new Date(now));
  await announceProgramsOnAir(db, new Date(now + 1000));
  const announced = await db.castProgram.findMany({
    where: { channelId: { in: [channel.id, quiet.id, long.id] } },
    select: { title: true, onAirAnnouncedAt: true },
  });
  assert.deepEqual(
    announced
      .filter((p) => p.onAirAnnouncedAt)
      .map((p) => p.title)
      .sort(),
    ["Quiet", "Started"],
  );
  const fanouts = (await jobsOf("webhooks.fanout", since)).filter((j) => [ownerId, quietId].includes((j.payload as any).userId));
  assert.equal(fanouts.length, 1, "one event, for the owner with a webhook");
  const payload = fanouts[0]!.payload as any;
  assert.equal(payload.userId, ownerId);
  assert.equal(payload.type, "cast.on_air");
  assert.deepEqual(payload.data, {
    channelId: channel.id,
    channelName: "Ch",
    programId: started.id,
    programType: "PRERECORDED",
    title: "Started",
    startsAt: started.startsAt.toISOString(),
    endsAt: started.endsAt.toISOString(),
  });
});

test("the fan-out: a delivery and a first attempt for each enabled endpoint that wants the event, once", async () => {
  const db = await integrationDb();
  const { fanOutEvent } = await import("../../src/server/domain/webhooks/fan-out");
  const userId = await insertUser(db);
  const a = await endpoint(userId, ["box.ready", "box.failed"]);
  const b = await endpoint(userId, ["box.ready"]);
  await endpoint(userId, ["box.failed"]); // another event
  await endpoint(userId, ["box.ready"], undefined, { disabledAt: new Date() }); // disabled
  await endpoint(await insertUser(db), ["box.ready"]); // another user's
  const event = { messageId: `msg_${Date.now()}`, userId, type: "box.ready", timestamp: new Date().toISOString(), data: { boxId: "b1" } };
  const since = new Date(Date.now() - 1000);
  assert.equal(await fanOutEvent(db, event), 2);
  assert.equal(await fanOutEvent(db, event), 0); // a retried fan-out adds nothing
  const deliveries = await db.webhookDelivery.findMany({ where: { messageId: event.messageId } });
  assert.deepEqual(deliveries.map((d) => d.endpointId).sort(), [a, b].sort());
  for (const d of deliveries) {
    assert.equal(d.status, "PENDING"); // its receiver (port 9) never answers: still pending either way
    assert.deepEqual(JSON.parse(d.payload), { type: "box.ready", timestamp: event.timestamp, data: { boxId: "b1" } });
  }
  const attempts = (await jobsOf("webhooks.deliver", since)).map((j) => j.payload as any);
  // (on PostgreSQL the suite's worker may already have run them and queued second attempts)
  assert.equal(attempts.filter((p) => deliveries.some((d) => d.id === p.deliveryId) && p.attempt === 1).length, 2);
});

test("the last attempt of an endpoint failing for days: the delivery FAILED, the endpoint disabled, its owner mailed; a stale attempt does nothing", async () => {
  const db = await integrationDb();
  const { deliverAttempt, WEBHOOK_RETRY_SECONDS } = await import("../../src/server/domain/webhooks/deliver");
  let hits = 0;
  const server = http.createServer((req, res) => {
    hits++;
    req.resume().on("end", () => res.writeHead(503).end());
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  try {
    const { port } = server.address() as AddressInfo;
    const userId = await insertUser(db);
    const failingSince = new Date(Date.now() - 6 * 24 * 3600 * 1000);
    const endpointId = await endpoint(userId, ["box.ready"], `http://127.0.0.1:${port}/h`, { failingSince });
    const last = WEBHOOK_RETRY_SECONDS.length + 1;
    const delivery = await db.webhookDelivery.create({
      data: { endpointId, messageId: "msg_last", eventType: "box.ready", payload: "{}", attemptCount: last - 1 },
    });
    const since = new Date(Date.now() - 1000);
    await deliverAttempt(db, { deliveryId: delivery.id, attempt: last - 1 }); // stale: not the next one
    assert.equal(hits, 0);
    await deliverAttempt(db, { deliveryId: delivery.id, attempt: last });
    assert.equal(hits, 1);
    const after = await db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id }, include: { attempts: true } });
    assert.deepEqual([after.status, after.attemptCount, after.lastStatusCode, after.lastError], ["FAILED", last, 503, "HTTP 503"]);
    assert.deepEqual(
      after.attempts.map((a) => a.statusCode),
      [503],
    );
    const queued = (await jobsOf("webhooks.deliver", since)).filter((j) => (j.payload as any).deliveryId === delivery.id);
    assert.equal(queued.length, 0, "no attempt after the last");
    const ep = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpointId } });
    assert.ok(ep.disabledAt);
    assert.match(ep.disabledReason ?? "", /^failing since .*: HTTP 503$/);
    const mails = (await jobsOf("mail.send", since)).map((j) => j.payload as any);
    const user = await db.user.findUniqueOrThrow({ where: { id: userId } });
    assert.equal(mails.filter((m) => m.to === user.email && m.subject === "One of your webhooks was disabled").length, 1);
  } finally {
    await new Promise((r) => server.close(r));
  }
});
