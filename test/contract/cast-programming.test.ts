// Cast programming over real HTTP: the day operations of the supplement (save, insert, move,
// delete, public read), calendar read and delete, copy (across a month end), the six scheduling
// rules (one test each, a 409 naming the rule and the programs, nothing written), the sources a
// program may play (409s), the locked channel, and day and date-time round trips in the caller's
// X-Service-timezone offset.
import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import type { Api } from "../support/api";
import { HOUR, MINUTE, tz } from "./live-fixtures";
import { connect, newUser, type TestUser } from "./users-fixtures";
import { readyItem } from "./vod-fixtures";
import { postMultipart } from "./box-fixtures";
import {
  assertConflict,
  brk,
  createCastChannel,
  createCastStream,
  DAY,
  dayStart,
  readDay,
  saveDay,
  saveDayOk,
  SECOND,
  spans,
  timed,
} from "./cast-fixtures";

let api: Api;
let creator: TestUser;
let other: TestUser;
let publicToken: string;
/** A READY 2-second content of the creator's, and a cast stream. */
let clip: any;
let stream: any;

const D = "20300115";
const T0 = dayStart(D);

before(async () => {
  ({ api } = await connect());
  [creator, other] = [await newUser(api), await newUser(api)];
  publicToken = await api.publicToken();
  clip = await readyItem(api, creator.access, { title: "Cast clip", tag: ["cast"] });
  stream = await createCastStream(api, creator);
});

const prerecorded = (over: Record<string, unknown> = {}) => ({ programType: "PRERECORDED", sourceId: clip.boxId, ...over });
const live = (over: Record<string, unknown> = {}) => ({ programType: "LIVE", sourceId: stream.streamId, ...over });

describe("day save and read", () => {
  test("a continuous day of a content, a break and a live slot: shapes, public read, trailing slash", async () => {
    const channel = await createCastChannel(api, creator);
    const day = await saveDayOk(api, creator, channel.channelId, D, [
      timed(T0 + HOUR, T0 + HOUR + 2 * SECOND, prerecorded({ description: "Opening", tags: ["a"] })),
      timed(T0 + HOUR + 2 * SECOND, T0 + 2 * HOUR, brk("Pause")),
      timed(T0 + 2 * HOUR, T0 + 3 * HOUR, live({ title: "Studio" })),
    ]);
    assert.equal(day.programsCount, 3);
    assert.equal(day.targetDate, "15/01/2030");
    assert.deepEqual(day.startDateMin, { date: "15/01/2030", time: "01:00:00" });
    assert.deepEqual(day.endDateMax, { date: "15/01/2030", time: "03:00:00" });
    assert.deepEqual(day.channel, channel);
    const [content, pause, slot] = day.programs;
    assert.deepEqual(Object.keys(content).sort(), [
      "boxContent",
      "description",
      "endDate",
      "itemType",
      "offset",
      "programId",
      "startDate",
      "tags",
      "title",
    ]);
    assert.equal(content.title, "Cast clip", "the content's title by default");
    assert.equal(content.itemType, "PRERECORDED");
    assert.equal(content.offset, 0);
    assert.deepEqual(content.boxContent, {
      boxId: clip.boxId,
      contentId: clip.contentId,
      resourceId: clip.resourceId,
      title: clip.title,
      duration: clip.duration,
      tags: clip.tags,
    });
    assert.deepEqual(pause, {
      startDate: { date: "15/01/2030", time: "01:00:02" },
      endDate: { date: "15/01/2030", time: "02:00:00" },
      title: "Pause",
      itemType: "BREAK",
    });
    assert.equal(slot.title, "Studio");
    assert.deepEqual(slot.stream, stream);
    // read back, with a trailing slash too; the program by its id
    assert.deepEqual(await readDay(api, creator, channel.channelId, D), day);
    const slash = await api.get(`/api/cast/channel/${channel.channelId}/dailyprogramming/${D}/`, { token: creator.access });
    assert.deepEqual(slash.body, day);
    const program = await api.get(`/api/cast/program/${content.programId}`, { token: creator.access });
    assert.deepEqual(program.body, content);
    // the public read: channel with publisher, a LIVE program's stream without its publishing address
    const pub = await api.get(`/api/public/cast/channel/${channel.channelId}/dailyprogramming/${D}`, { token: publicToken });
    assert.equal(pub.status, 200, pub.text);
    assert.equal(pub.body.channel.publisher.userCode, creator.userCode);
    assert.equal(pub.body.channel.streamPath, undefined);
    assert.deepEqual(pub.body.programs[2].stream, { streamId: stream.streamId, name: stream.name });
    const pubProgram = await api.get(`/api/public/cast/program/${slot.programId}`, { token: publicToken });
    assert.equal(pubProgram.status, 200, pubProgram.text);
    assert.equal(pubProgram.body.channel.channelId, channel.channelId);
    // another user's channel and program: 404
    assert.equal((await api.get(`/api/cast/channel/${channel.channelId}/dailyprogramming/${D}`, { token: other.access })).status, 404);
    assert.equal((await api.get(`/api/cast/program/${content.programId}`, { token: other.access })).status, 404);
    assert.equal((await saveDay(api, other, channel.channelId, D, [])).status, 404);
  });

  test("a save replaces the day and keeps the ids it names; a program's descriptive data changes alone", async () => {
    const channel = await createCastChannel(api, creator);
    const first = await saveDayOk(api, creator, channel.channelId, D, [
      timed(T0, T0 + HOUR, live()),
      timed(T0 + HOUR, T0 + 2 * HOUR, live()),
    ]);
    const [a] = first.programs;
    const second = await saveDayOk(api, creator, channel.channelId, D, [{ ...a, endDate: { date: "15/01/2030", time: "00:30:00" } }]);
    assert.equal(second.programsCount, 1);
    assert.equal(second.programs[0].programId, a.programId, "posted back with its programId and stream: the same program");
    assert.equal(second.programs[0].endDate.time, "00:30:00");
    // the same programId named twice: the second is a new program
    const twice = await saveDayOk(api, creator, channel.channelId, D, [
      second.programs[0],
      { ...second.programs[0], startDate: second.programs[0].endDate, endDate: { date: "15/01/2030", time: "01:00:00" } },
    ]);
    assert.equal(twice.programs[0].programId, a.programId);
    assert.notEqual(twice.programs[1].programId, a.programId);
    const changed = await api.post(
      `/api/cast/program/${a.programId}`,
      { title: "Renamed", tags: ["x"], startDate: { date: "01/01/2031", time: "00:00:00" } },
      { token: creator.access },
    );
    assert.equal(changed.status, 200, changed.text);
    assert.equal(changed.body.title, "Renamed");
    assert.deepEqual(changed.body.startDate, second.programs[0].startDate, "times are not descriptive data");
    const missing = await api.post(`/api/cast/program/${a.programId}`, { title: " " }, { token: creator.access });
    assert.equal(missing.status, 400, missing.text);
    // a thumbnailId names one of the owner's thumbnails: 400 otherwise, on update and on save
    const foreign = "00000000-0000-4000-8000-000000000000";
    const badThumb = await api.post(`/api/cast/program/${a.programId}`, { title: "T", thumbnailId: foreign }, { token: creator.access });
    assert.deepEqual(
      badThumb.body.errors?.map((e: any) => e.field),
      ["thumbnailId"],
    );
    const badSave = await saveDay(api, creator, channel.channelId, D, [{ ...second.programs[0], thumbnailId: foreign }]);
    assert.deepEqual(
      badSave.body.errors?.map((e: any) => e.field),
      ["thumbnailId"],
    );
  });

  test("days are the caller's: a day saved in UTC+1 read in UTC and UTC+2 (X-Service-timezone round trips)", async () => {
    const channel = await createCastChannel(api, creator);
    const cet = 3600_000;
    const from = dayStart(D, cet); // 14/01 23:00 UTC
    const saved = await saveDayOk(
      api,
      creator,
      channel.channelId,
      D,
      [timed(from, from + HOUR, live(), cet), timed(from + HOUR, from + 25 * MINUTE + HOUR, brk(), cet)],
      cet,
    );
    assert.deepEqual(spans(saved), ["00:00:00-01:00:00", "01:00:00-01:25:00"]);
    assert.equal(saved.targetDate, "15/01/2030");
    // in UTC the first program is on the 14th at 23:00, the second on the 15th at 00:00
    const utc14 = await readDay(api, creator, channel.channelId, "20300114");
    assert.deepEqual(spans(utc14), ["23:00:00-00:00:00"]);
    assert.deepEqual(utc14.programs[0].endDate, { date: "15/01/2030", time: "00:00:00" });
    const utc15 = await readDay(api, creator, channel.channelId, D);
    assert.deepEqual(spans(utc15), ["00:00:00-00:25:00"]);
    // a viewer in UTC+2 (a zone after its DST change) sees the same instants an hour later
    const cest = await readDay(api, creator, channel.channelId, D, 2 * 3600_000);
    assert.deepEqual(spans(cest), ["01:00:00-02:00:00", "02:00:00-02:25:00"]);
    const program = await api.get(`/api/cast/program/${saved.programs[0].programId}`, {
      token: creator.access,
      headers: tz(-5 * 3600_000),
    });
    assert.deepEqual(program.body.startDate, { date: "14/01/2030", time: "18:00:00" });
  });

  test("delete a day: 204, the day is empty, the next day stays", async () => {
    const channel = await createCastChannel(api, creator);
    await saveDayOk(api, creator, channel.channelId, D, [timed(T0, T0 + HOUR, brk())]);
    await saveDayOk(api, creator, channel.channelId, "20300116", [timed(T0 + DAY, T0 + DAY + HOUR, brk())]);
    const res = await api.delete(`/api/cast/channel/${channel.channelId}/dailyprogramming/${D}/`, { token: creator.access });
    assert.equal(res.status, 204, res.text);
    assert.equal((await readDay(api, creator, channel.channelId, D)).programsCount, 0);
    assert.equal((await readDay(api, creator, channel.channelId, "20300116")).programsCount, 1);
    const bad = await api.get(`/api/cast/channel/${channel.channelId}/dailyprogramming/20300230`, { token: creator.access });
    assert.equal(bad.status, 400, bad.text);
  });
});

describe("insert and move", () => {
  test("insert shifts the later programs; a bare array appends; an empty day starts at 00:00:00 or where the previous day ends", async () => {
    const channel = await createCastChannel(api, creator);
    const path = `/api/cast/channel/${channel.channelId}/dailyprogramming/${D}/insert`;
    const first = await api.post(path, [{ programType: "BREAK", duration: 600 }, prerecorded()], { token: creator.access });
    assert.equal(first.status, 200, first.text);
    assert.deepEqual(spans(first.body), ["00:00:00-00:10:00", "00:10:00-00:10:02"]);
    const inserted = await api.post(path, { index: 1, items: [live({ duration: "60" })] }, { token: creator.access });
    assert.equal(inserted.status, 200, inserted.text);
    assert.deepEqual(spans(inserted.body), ["00:00:00-00:10:00", "00:10:00-00:11:00", "00:11:00-00:11:02"]);
    assert.equal(inserted.body.programs[2].programId, first.body.programs[1].programId, "the later program keeps its id");
    const past = await api.post(path, { index: 9, items: [brk()] }, { token: creator.access });
    assert.equal(past.status, 400, past.text);
    const noDuration = await api.post(path, { items: [{ programType: "BREAK" }] }, { token: creator.access });
    assert.equal(noDuration.status, 400, noDuration.text);
    // an empty day after a program crossing midnight begins where that program ends
    const late = await createCastChannel(api, creator);
    await saveDayOk(api, creator, late.channelId, D, [timed(T0 + 23 * HOUR, T0 + DAY + 30 * MINUTE, brk("Late"))]);
    const next = await api.post(
      `/api/cast/channel/${late.channelId}/dailyprogramming/20300116/insert`,
      [{ programType: "BREAK", duration: 60 }],
      {
        token: creator.access,
      },
    );
    assert.equal(next.status, 200, next.text);
    assert.deepEqual(spans(next.body), ["00:30:00-00:31:00"]);
  });

  test("move reorders and recomputes the times from the day's start", async () => {
    const channel = await createCastChannel(api, creator);
    const day = await saveDayOk(api, creator, channel.channelId, D, [
      timed(T0 + HOUR, T0 + HOUR + 60 * SECOND, live({ title: "A" })),
      timed(T0 + HOUR + 60 * SECOND, T0 + HOUR + 180 * SECOND, brk("B")),
      timed(T0 + HOUR + 180 * SECOND, T0 + HOUR + 182 * SECOND, prerecorded({ title: "C" })),
    ]);
    const path = `/api/cast/channel/${channel.channelId}/dailyprogramming/${D}/move`;
    const moved = await api.post(path, { fromIndex: 2, toIndex: 0 }, { token: creator.access });
    assert.equal(moved.status, 200, moved.text);
    assert.deepEqual(
      moved.body.programs.map((p: any) => p.title),
      ["C", "A", "B"],
    );
    assert.deepEqual(spans(moved.body), ["01:00:00-01:00:02", "01:00:02-01:01:02", "01:01:02-01:03:02"]);
    assert.equal(moved.body.programs[0].programId, day.programs[2].programId);
    const toEnd = await api.post(path, { fromIndex: "0", toIndex: "3" }, { token: creator.access });
    assert.deepEqual(
      toEnd.body.programs.map((p: any) => p.title),
      ["A", "B", "C"],
    );
    assert.equal((await api.post(path, { fromIndex: 3, toIndex: 0 }, { token: creator.access })).status, 400);
    const empty = await api.post(
      `/api/cast/channel/${channel.channelId}/dailyprogramming/20300116/move`,
      { fromIndex: 0, toIndex: 0 },
      { token: creator.access },
    );
    assert.deepEqual(empty.body.errors, [{ field: "fromIndex", defaultMessage: "is out of range: the day has no programs" }]);
  });
});

describe("scheduling rules: each broken rule is a 409 saying it in words and naming the programs, nothing written", () => {
  /** A channel with one program on D; `check` makes the refused write, then the day must be unchanged. */
  async function refused(write: (channelId: string) => Promise<{ status: number; path: string; res: any }>, message: RegExp) {
    const channel = await createCastChannel(api, creator);
    const before = await saveDayOk(api, creator, channel.channelId, D, [timed(T0 + 2 * HOUR, T0 + 3 * HOUR, brk("Kept"))]);
    const { res, path } = await write(channel.channelId);
    assertConflict(res, path, message);
    assert.deepEqual(await readDay(api, creator, channel.channelId, D), before, "nothing written");
  }
  const save = (programs: unknown[]) => async (channelId: string) => {
    const path = `/api/cast/channel/${channelId}/dailyprogramming/${D}`;
    return { status: 0, path, res: await saveDay(api, creator, channelId, D, programs) };
  };
  const insert = (body: unknown) => async (channelId: string) => {
    const path = `/api/cast/channel/${channelId}/dailyprogramming/${D}/insert`;
    return { status: 0, path, res: await api.post(path, body, { token: creator.access }) };
  };

  test("rule 1: times are whole seconds (an inserted duration of 1.5 s)", () =>
    refused(insert({ items: [{ programType: "BREAK", duration: 1.5, title: "Half" }] }), /#2 "Half".*whole second/));
  test("rule 2: a program ends after it starts", () =>
    refused(save([timed(T0, T0, brk("Empty"))]), /#1 "Empty" \(2030-01-15 00:00:00 UTC\) must end after it starts/));
  test("rule 3: a program starts in its day", () =>
    refused(save([timed(T0 - HOUR, T0 + HOUR, brk("Early"))]), /#1 "Early".*starts outside the day/));
  test("rule 3: a program lasts at most 24 hours", () =>
    refused(save([timed(T0, T0 + DAY + SECOND, brk("Long"))]), /#1 "Long".*over 24 hours/));
  test("rule 3: an insert that would make the day last over 24 hours", () =>
    refused(insert({ items: [{ programType: "BREAK", duration: 23 * 3600 + 1, title: "Huge" }] }), /#1 "Kept".*#2 "Huge".*over 24 hours/));
  test("rule 3: an insert that pushes a later program out of its day", () =>
    refused(insert({ index: 0, items: [{ programType: "BREAK", duration: 22 * 3600, title: "Huge" }] }), /#2 "Kept".*outside the day/));
  test("rule 4: the day starts no earlier than the previous day's last program ends", async () => {
    const channel = await createCastChannel(api, creator);
    await saveDayOk(api, creator, channel.channelId, "20300114", [timed(T0 - HOUR, T0 + 40 * MINUTE, brk("Late show"))]);
    const path = `/api/cast/channel/${channel.channelId}/dailyprogramming/${D}`;
    assertConflict(
      await saveDay(api, creator, channel.channelId, D, [timed(T0 + 30 * MINUTE, T0 + HOUR, brk("Morning"))]),
      path,
      /"Late show" \(2030-01-14 23:00:00 UTC\), #1 "Morning" \(2030-01-15 00:30:00 UTC\) overlap across days/,
    );
    assert.equal((await readDay(api, creator, channel.channelId, D)).programsCount, 0);
    // from 00:40:00 it is accepted (the example of the rule)
    await saveDayOk(api, creator, channel.channelId, D, [timed(T0 + 40 * MINUTE, T0 + HOUR, brk("Morning"))]);
  });
  test("rule 4: an insert that would end the day after the next day's first program", async () => {
    const channel = await createCastChannel(api, creator);
    await saveDayOk(api, creator, channel.channelId, D, [timed(T0 + 23 * HOUR, T0 + DAY, brk("Night"))]);
    await saveDayOk(api, creator, channel.channelId, "20300116", [timed(T0 + DAY, T0 + DAY + HOUR, brk("Dawn"))]);
    const path = `/api/cast/channel/${channel.channelId}/dailyprogramming/${D}/insert`;
    assertConflict(
      await api.post(path, { index: 0, items: [{ programType: "BREAK", duration: 60 }] }, { token: creator.access }),
      path,
      /"Night".*"Dawn".* overlap across days/,
    );
  });
  test("rule 5: each program starts when the previous one ends", () =>
    refused(
      save([timed(T0, T0 + HOUR, brk("One")), timed(T0 + HOUR + SECOND, T0 + 2 * HOUR, brk("Two"))]),
      /#1 "One".*#2 "Two".* do not follow each other/,
    ));
  test("rule 5: overlapping programs", () =>
    refused(save([timed(T0, T0 + HOUR, brk("One")), timed(T0 + HOUR - SECOND, T0 + 2 * HOUR, brk("Two"))]), /do not follow each other/));
  test("rule 6: a break plays nothing", () =>
    refused(save([timed(T0, T0 + HOUR, { programType: "BREAK", sourceId: stream.streamId, title: "Fake" })]), /#1 "Fake".* is a break/));
});

describe("what a program plays: 409s", () => {
  const path = (channelId: string) => `/api/cast/channel/${channelId}/dailyprogramming/${D}`;
  test("a content longer than what is left of it; less than a second over is accepted", async () => {
    const channel = await createCastChannel(api, creator);
    assertConflict(
      await saveDay(api, creator, channel.channelId, D, [timed(T0, T0 + 4 * SECOND, prerecorded())]),
      path(channel.channelId),
      /#1 "Cast clip" lasts longer than its content/,
    );
    await saveDayOk(api, creator, channel.channelId, D, [timed(T0, T0 + 2 * SECOND, prerecorded())]);
    await saveDayOk(api, creator, channel.channelId, D, [timed(T0, T0 + SECOND, prerecorded({ offset: 1 }))]);
    assertConflict(
      await saveDay(api, creator, channel.channelId, D, [timed(T0, T0 + SECOND, prerecorded({ offset: 5 }))]),
      path(channel.channelId),
      /offset past the end/,
    );
  });
  test("another user's content or stream, or an unknown one", async () => {
    const channel = await createCastChannel(api, other);
    const theirs = [
      timed(T0, T0 + SECOND, prerecorded()),
      timed(T0, T0 + HOUR, live()),
      timed(T0, T0 + HOUR, { programType: "LIVE", sourceId: "nope" }),
    ];
    for (const program of theirs) {
      const res = await saveDay(api, other, channel.channelId, D, [program]);
      assertConflict(res, path(channel.channelId), /plays no (box content|cast stream) of yours/);
    }
  });
  test("a content not READY; an acquired content: under a FREE license it plays, under one settled per view it does not", async () => {
    const notMedia = await postMultipart(
      api,
      "/api/box",
      creator.access,
      { title: "Not media" },
      { filename: "x.mp4", data: Buffer.from("not media") },
    );
    assert.equal(notMedia.status, 201, notMedia.text);
    const channel = await createCastChannel(api, creator);
    assertConflict(
      await saveDay(api, creator, channel.channelId, D, [timed(T0, T0 + SECOND, prerecorded({ sourceId: notMedia.body.boxId }))]),
      path(channel.channelId),
      /#1 "Not media" plays a content that is not READY/,
    );
    const acquired = async (conditions: Record<string, unknown>) => {
      const listing = await api.post(`/api/box/${clip.boxId}/marketplace`, conditions, { token: creator.access });
      assert.equal(listing.status, 201, listing.text);
      const res = await api.post(`/api/marketplace/${listing.body.marketplaceId}/acquire`, {}, { token: other.access });
      assert.equal(res.status, 200, res.text);
      return res.body.boxContent.boxId as string;
    };
    const theirs = await createCastChannel(api, other);
    const free = await acquired({ licenseType: "FREE" });
    await saveDayOk(api, other, theirs.channelId, D, [timed(T0, T0 + 2 * SECOND, prerecorded({ sourceId: free }))]);
    const perView = await acquired({ licenseType: "PAY_PER_VIEW", pricePerView: "0,50" });
    assertConflict(
      await saveDay(api, other, theirs.channelId, D, [timed(T0, T0 + 2 * SECOND, prerecorded({ sourceId: perView }))]),
      path(theirs.channelId),
      /license does not allow broadcasting/,
    );
  });
  test("a stream played by a LIVE program is not deleted (409 with the supplement's exception)", async () => {
    const own = await createCastStream(api, creator);
    const channel = await createCastChannel(api, creator);
    await saveDayOk(api, creator, channel.channelId, D, [timed(T0, T0 + HOUR, { programType: "LIVE", sourceId: own.streamId })]);
    const res = await api.delete(`/api/cast/stream/${own.streamId}`, { token: creator.access });
    assert.equal(res.status, 409, res.text);
    assert.equal(res.body.exception, "DataIntegrityViolationException");
  });
});

describe("locked channel", () => {
  test("every change of the programming is a 409 while locked; unlocking by posting the channel back", async () => {
    const channel = await createCastChannel(api, creator);
    const day = await saveDayOk(api, creator, channel.channelId, D, [
      timed(T0, T0 + HOUR, brk("A")),
      timed(T0 + HOUR, T0 + 2 * HOUR, live({ title: "B" })),
    ]);
    const lock = await api.post(`/api/cast/channel/${channel.channelId}`, { ...channel, locked: "true" }, { token: creator.access });
    assert.equal(lock.status, 200, lock.text);
    assert.equal(lock.body.locked, true);
    const base = `/api/cast/channel/${channel.channelId}`;
    const attempts: [string, () => Promise<any>][] = [
      [`${base}/dailyprogramming/${D}`, () => saveDay(api, creator, channel.channelId, D, [])],
      [
        `${base}/dailyprogramming/${D}/insert`,
        () =>
          api.post(
            `${base}/dailyprogramming/${D}/insert`,
            [brk()].map((b) => ({ ...b, duration: 5 })),
            { token: creator.access },
          ),
      ],
      [
        `${base}/dailyprogramming/${D}/move`,
        () => api.post(`${base}/dailyprogramming/${D}/move`, { fromIndex: 1, toIndex: 0 }, { token: creator.access }),
      ],
      [`${base}/dailyprogramming/${D}`, () => api.delete(`${base}/dailyprogramming/${D}`, { token: creator.access })],
      [`${base}/calendar/${D}/7`, () => api.delete(`${base}/calendar/${D}/7`, { token: creator.access })],
      [
        `/api/cast/program/${day.programs[1].programId}`,
        () => api.post(`/api/cast/program/${day.programs[1].programId}`, { title: "X" }, { token: creator.access }),
      ],
      [
        "/api/cast/calendar/copy",
        () =>
          api.post(
            "/api/cast/calendar/copy",
            {
              sourceChannelId: channel.channelId,
              destChannelId: channel.channelId,
              sourceStartDate: "15/01/2030",
              sourceDayCount: 1,
              destStartDate: "16/01/2030",
              destDayCount: 1,
            },
            { token: creator.access },
          ),
      ],
    ];
    for (const [path, attempt] of attempts) assertConflict(await attempt(), path, /locked/);
    assert.deepEqual((await readDay(api, creator, channel.channelId, D)).programs, day.programs);
    // a client that posts the channel back without `locked` unlocks it
    const { locked: _locked, ...withoutLocked } = lock.body;
    const unlock = await api.post(`/api/cast/channel/${channel.channelId}`, withoutLocked, { token: creator.access });
    assert.equal(unlock.body.locked, false);
    assert.equal((await api.delete(`${base}/dailyprogramming/${D}`, { token: creator.access })).status, 204);
  });
});

describe("calendar and copy", () => {
  test("a 42-day read, one entry per day in order; delete of a range", async () => {
    const channel = await createCastChannel(api, creator);
    await saveDayOk(api, creator, channel.channelId, "20300201", [timed(dayStart("20300201"), dayStart("20300201") + HOUR, brk("Feb"))]);
    const res = await api.get(`/api/cast/channel/${channel.channelId}/calendar/20300127/42`, { token: creator.access });
    assert.equal(res.status, 200, res.text);
    const days = res.body.dailyProgrammings;
    assert.equal(days.length, 42);
    assert.equal(days[0].targetDate, "27/01/2030");
    assert.equal(days[5].targetDate, "01/02/2030");
    assert.equal(days[41].targetDate, "09/03/2030");
    assert.deepEqual(
      days[5].programs.map((p: any) => p.title),
      ["Feb"],
    );
    assert.equal(days.filter((d: any) => d.programs.length).length, 1);
    assert.equal((await api.get(`/api/cast/channel/${channel.channelId}/calendar/20300127/0`, { token: creator.access })).status, 400);
    const deleted = await api.delete(`/api/cast/channel/${channel.channelId}/calendar/20300131/2`, { token: creator.access });
    assert.equal(deleted.status, 204, deleted.text);
    assert.equal((await readDay(api, creator, channel.channelId, "20300201")).programsCount, 0);
  });

  test("copy repeats a source day over days across a month end, to another channel; the times of day are kept", async () => {
    const source = await createCastChannel(api, creator);
    const dest = await createCastChannel(api, creator);
    const s = dayStart("20300130");
    await saveDayOk(api, creator, source.channelId, "20300130", [
      timed(s + 6 * HOUR, s + 7 * HOUR, live({ title: "News" })),
      timed(s + 7 * HOUR, s + 7 * HOUR + 2 * SECOND, prerecorded()),
    ]);
    const body = {
      sourceChannelId: source.channelId,
      destChannelId: dest.channelId,
      sourceStartDate: "30/01/2030",
      sourceDayCount: 1,
      destStartDate: "30/01/2030",
      destDayCount: 4,
    };
    const res = await api.post("/api/cast/calendar/copy/", body, { token: creator.access });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body, { programsCount: 8 });
    const cal = await api.get(`/api/cast/channel/${dest.channelId}/calendar/20300130/4`, { token: creator.access });
    assert.deepEqual(
      cal.body.dailyProgrammings.map((d: any) => d.targetDate),
      ["30/01/2030", "31/01/2030", "01/02/2030", "02/02/2030"],
    );
    for (const d of cal.body.dailyProgrammings) {
      assert.deepEqual(
        d.programs.map((p: any) => [p.startDate.date, p.startDate.time, p.title]),
        [
          [d.targetDate, "06:00:00", "News"],
          [d.targetDate, "07:00:00", "Cast clip"],
        ],
      );
    }
    // another user cannot copy from or onto these channels
    assert.equal((await api.post("/api/cast/calendar/copy", body, { token: other.access })).status, 404);
  });

  test("copy over the DST change of the viewer's zone: days and times of day in the offset of the call", async () => {
    const channel = await createCastChannel(api, creator);
    const cet = 3600_000;
    const s = dayStart("20300330", cet);
    await saveDayOk(
      api,
      creator,
      channel.channelId,
      "20300330",
      [timed(s + 20 * HOUR, s + 21 * HOUR, live({ title: "Evening" }), cet)],
      cet,
    );
    const body = {
      sourceChannelId: channel.channelId,
      destChannelId: channel.channelId,
      sourceStartDate: "30/03/2030",
      sourceDayCount: 1,
      destStartDate: "31/03/2030",
      destDayCount: 2,
    };
    const res = await api.post("/api/cast/calendar/copy", body, { token: creator.access, headers: tz(cet) });
    assert.equal(res.status, 200, res.text);
    // read in the same offset: 20:00 every day; after the change (UTC+2 in Rome) the viewer reads 21:00
    const cal = await api.get(`/api/cast/channel/${channel.channelId}/calendar/20300330/3`, { token: creator.access, headers: tz(cet) });
    assert.deepEqual(
      cal.body.dailyProgrammings.map((d: any) => `${d.targetDate} ${spans(d)}`),
      ["30/03/2030 20:00:00-21:00:00", "31/03/2030 20:00:00-21:00:00", "01/04/2030 20:00:00-21:00:00"],
    );
    const summer = await readDay(api, creator, channel.channelId, "20300401", 2 * 3600_000);
    assert.deepEqual(spans(summer), ["21:00:00-22:00:00"]);
  });

  test("copy is refused when the result breaks a rule (two source days repeated: one crossing midnight, one starting at 00:00); nothing written", async () => {
    const channel = await createCastChannel(api, creator);
    const s = dayStart("20300130");
    await saveDayOk(api, creator, channel.channelId, "20300130", [timed(s, s + HOUR, brk("Early"))]);
    await saveDayOk(api, creator, channel.channelId, "20300131", [timed(s + 36 * HOUR, s + 49 * HOUR + 30 * MINUTE, brk("Late"))]);
    const res = await api.post(
      "/api/cast/calendar/copy",
      {
        sourceChannelId: channel.channelId,
        destChannelId: channel.channelId,
        sourceStartDate: "30/01/2030",
        sourceDayCount: 2,
        destStartDate: "02/02/2030",
        destDayCount: 3,
      },
      { token: creator.access },
    );
    assertConflict(
      res,
      "/api/cast/calendar/copy",
      /"Late" \(2030-02-03 12:00:00 UTC\), #1 "Early" \(2030-02-04 00:00:00 UTC\) overlap across days/,
    );
    const cal = await api.get(`/api/cast/channel/${channel.channelId}/calendar/20300202/3`, { token: creator.access });
    assert.deepEqual(
      cal.body.dailyProgrammings.map((d: any) => d.programs.length),
      [0, 0, 0],
      "nothing written",
    );
    // over two days it fits: Early, then Late
    const fits = await api.post(
      "/api/cast/calendar/copy",
      {
        sourceChannelId: channel.channelId,
        destChannelId: channel.channelId,
        sourceStartDate: "30/01/2030",
        sourceDayCount: 2,
        destStartDate: "02/02/2030",
        destDayCount: 2,
      },
      { token: creator.access },
    );
    assert.equal(fits.status, 200, fits.text);
  });
});
