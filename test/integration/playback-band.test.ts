// Band rules and the band meter against a real database (PGlite in a directory of its own, or the
// suite's PostgreSQL): BAND_LIMIT_EXCEEDED once the publisher's band is used up, the monthly reset,
// and the meter's exactly-once counting of the band logs across passes, partial lines, closed
// buckets and a competing meter. The play operations that refuse with BAND_LIMIT_EXCEEDED (vod,
// marketplace, live) do not exist yet and the owner's box play is never refused, so the rule is
// checked here, at the domain level, rather than over HTTP.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { appendFileSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { before, describe, test } from "node:test";
import { insertUser, integrationDb, useIntegrationDatabase } from "../support/integration-db";

const dataDir = useIntegrationDatabase("kinora-band-");

const GiB = 1024 ** 3;
type Db = import("../../src/server/db/client").Db;
let db: Db;
let band: typeof import("../../src/server/domain/playback/band-usage");
let limit: typeof import("../../src/server/domain/playback/band-limit");
let meter: typeof import("../../src/server/domain/playback/band-meter");
let render: typeof import("../../src/server/rest/render/play-result");

before(async () => {
  db = await integrationDb();
  band = await import("../../src/server/domain/playback/band-usage");
  limit = await import("../../src/server/domain/playback/band-limit");
  meter = await import("../../src/server/domain/playback/band-meter");
  render = await import("../../src/server/rest/render/play-result");
});

const newUser = (data: { bandUsedBytes?: bigint; bandPeriodStart?: Date } = {}) => insertUser(db, data);
const usage = async (id: string) => db.user.findUniqueOrThrow({ where: { id }, select: { bandUsedBytes: true, bandPeriodStart: true } });

describe("band limit (Free: 5 GB)", () => {
  test("BAND_LIMIT_EXCEEDED once the month's band is used up, with a message; not before; not for a month that is over", async () => {
    const now = new Date();
    assert.equal(await limit.bandLimitRefusal(db, await newUser({ bandUsedBytes: BigInt(5 * GiB - 1) }), now), undefined);
    const refusal = await limit.bandLimitRefusal(db, await newUser({ bandUsedBytes: BigInt(5 * GiB) }), now);
    assert.deepEqual(refusal, { result: "BAND_LIMIT_EXCEEDED", messageId: "playback.bandLimitExceeded" });
    const twoMonthsAgo = new Date(now.getTime() - 62 * 86_400_000);
    assert.equal(
      await limit.bandLimitRefusal(db, await newUser({ bandUsedBytes: BigInt(9 * GiB), bandPeriodStart: twoMonthsAgo }), now),
      undefined,
    );
    // the REST play result of a refusal: resource, result and a human message (supplement §1)
    assert.deepEqual(render.renderPlayResult(refusal!, { boxId: "x" }, "en"), {
      resource: { boxId: "x" },
      result: "BAND_LIMIT_EXCEEDED",
      message: "The publisher's monthly bandwidth is used up: this content can be played again next month",
    });
    assert.match(render.renderPlayResult(refusal!, {}, "it").message as string, /banda mensile/);
  });

  test("recordBandUsage adds within the period and starts a new period at the latest anniversary", async () => {
    const start = new Date(Date.UTC(2026, 0, 31, 10, 0, 0));
    const id = await newUser({ bandUsedBytes: 100n, bandPeriodStart: start });
    await band.recordBandUsage(db, new Map([[id, 50]]), new Date(Date.UTC(2026, 1, 20)));
    assert.deepEqual(await usage(id), { bandUsedBytes: 150n, bandPeriodStart: start });
    // 31 Jan + 1 month = 28 Feb; + 2 months = 31 Mar: on 5 Apr the period is the one from 31 Mar
    await band.recordBandUsage(db, new Map([[id, 7]]), new Date(Date.UTC(2026, 3, 5)));
    assert.deepEqual(await usage(id), { bandUsedBytes: 7n, bandPeriodStart: new Date(Date.UTC(2026, 2, 31, 10, 0, 0)) });
    assert.deepEqual(band.bandPeriodAt(start, new Date(Date.UTC(2026, 1, 28, 10, 0, 0))), new Date(Date.UTC(2026, 1, 28, 10, 0, 0)));
    assert.deepEqual(band.bandPeriodAt(start, new Date(Date.UTC(2026, 1, 28, 9, 59, 59))), start);
    // an unknown owner (deleted meanwhile) is skipped
    await band.recordBandUsage(db, new Map([[randomUUID(), 10]]));
  });
});

describe("band meter", () => {
  const logDir = path.join(dataDir, "media-log");
  const line = (owner: string, bytes: number, status = 200) => `${(Date.now() / 1000).toFixed(3)} ${owner} ${bytes} ${status}\n`;

  test("counts 200/206 bytes of complete lines once, across sources, partial lines and passes", async () => {
    mkdirSync(logDir, { recursive: true });
    const a = await newUser();
    const b = await newUser();
    const bucket = Math.floor(Date.now() / 1000 / 1000);
    const nginxLog = path.join(logDir, `nginx-${bucket}.log`);
    writeFileSync(nginxLog, line(a, 1000) + line(a, 24, 206) + line(b, 5) + line(a, 999, 403) + line(a, 999, 404) + "garbage line\n");
    appendFileSync(path.join(logDir, `node-${bucket}.log`), line(b, 70));
    const now = Date.now() / 1000;
    await meter.meterBandLogs(db, dataDir, now);
    assert.equal((await usage(a)).bandUsedBytes, 1024n);
    assert.equal((await usage(b)).bandUsedBytes, 75n);
    // a second pass counts nothing again; a line being written is left for the next pass
    await meter.meterBandLogs(db, dataDir, now);
    appendFileSync(nginxLog, line(a, 1) + `${(now + 1).toFixed(3)} ${a} 100`);
    await meter.meterBandLogs(db, dataDir, now + 2);
    assert.equal((await usage(a)).bandUsedBytes, 1025n);
    appendFileSync(nginxLog, " 200\n");
    await meter.meterBandLogs(db, dataDir, now + 3);
    assert.equal((await usage(a)).bandUsedBytes, 1125n);
    assert.equal((await usage(b)).bandUsedBytes, 75n);

    // the clock moves on: the closed bucket is finished, the next one counted, the old file removed
    const next = bucket + 1;
    writeFileSync(path.join(logDir, `nginx-${next}.log`), line(b, 25));
    appendFileSync(nginxLog, line(a, 10)); // written before the bucket closed, read after
    await meter.meterBandLogs(db, dataDir, (next + 1) * 1000 + 60);
    assert.equal((await usage(a)).bandUsedBytes, 1135n);
    assert.equal((await usage(b)).bandUsedBytes, 100n);
    await meter.meterBandLogs(db, dataDir, (next + 1) * 1000 + 61);
    const files = readdirSync(logDir).filter((f) => f.startsWith("nginx-"));
    assert.deepEqual(files, [`nginx-${next}.log`]);
  });

  test("a pass whose cursor another meter moved meanwhile counts nothing (no double count)", async () => {
    const c = await newUser();
    const bucket = Math.floor(Date.now() / 1000 / 1000) + 5; // after the previous test's files
    writeFileSync(path.join(logDir, `node-${bucket}.log`), line(c, 500));
    const id = (await import("node:fs")).readFileSync(path.join(logDir, "instance-id"), "utf8").trim();
    // a competing meter commits its cursor between this pass's read and its write
    const original = db.$transaction.bind(db);
    (db as any).$transaction = async (fn: any) => {
      await db.mediaLogCursor.update({ where: { id: `${id}:node` }, data: { offset: { increment: 1 } } });
      return original(fn);
    };
    try {
      await assert.rejects(meter.meterBandLogs(db, dataDir, bucket * 1000 + 1), /counted by another meter/);
    } finally {
      (db as any).$transaction = original;
    }
    assert.equal((await usage(c)).bandUsedBytes, 0n);
  });

  test("parseBandLines: owner must be a UUID, bytes a positive integer, status 200 or 206", () => {
    const owner = randomUUID();
    const totals = new Map<string, number>();
    const text = `1.0 ${owner} 10 200\n1.0 ${owner} 5 206\n1.0 nobody 10 200\n1.0 ${owner} -3 200\n1.0 ${owner} 1e3 200\n1.0 ${owner} 7 304\n1.0 ${owner} 9`;
    assert.equal(meter.parseBandLines(text, totals), text.lastIndexOf("\n") + 1);
    assert.deepEqual([...totals], [[owner, 15]]);
  });
});
