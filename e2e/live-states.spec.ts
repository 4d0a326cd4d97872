// A live event's page before, during and after a stream, on a server of its own (its nginx-rtmp; a
// real ffmpeg encoder), everything set up through REST: a signed-in ticket holder sees the countdown
// before the start; in the window, no LIVE badge until the encoder publishes, the badge while it does,
// "the stream has stopped" (badge off) within 15 s of the encoder's stop; once the event is over
// its recording is offered to the ticket holder as the replay, with the same window as the ticket.
// Every state says how many watch: waiting before the start, watching while on air (the creator's
// page makes two), watching the replay with the live peak.
// A signed-out visitor sees what the event is, when, its price and what the ticket gives.
import { checkPage, expect, test } from "./helpers/page-health";
import { liveServerForSpec } from "./helpers/live";
import { logIn } from "./helpers/account";
import { Api } from "../test/support/api";
import { payThroughSandbox } from "../test/support/checkout";
import { publishTestPattern, type Publisher } from "../test/support/live-fixtures";
import { setLivePassword, wireDateTime } from "../test/contract/live-fixtures";

// the recording job at once after the stream's end (a quick resume would otherwise join it)
const spec = liveServerForSpec({ NGINX: "0", LIVE_RECORDING_GRACE_SECONDS: "1" });
const pageOn = spec.pageOn;

test("a live event before, during and after its stream, and its replay for the ticket holder", async ({ browser }) => {
  test.setTimeout(240_000);
  const live = spec.server();
  let publisher: Publisher | undefined;
  const api = new Api(live.server.url);
  const [creator, viewer] = await Promise.all([api.newUser(), api.newUser()]);
  await setLivePassword(api, creator, "states-1");
  const path = await api.get(`/api/public/live/streampath?base=quay`, { token: creator.access });
  const channel = await api.post("/api/live/channel", { name: "Quay stage", streamPath: path.body.streamPath }, { token: creator.access });
  expect(channel.status, channel.text).toBe(201);
  const event = {
    name: "Quayside session",
    paymentMode: "PAY_PER_VIEW",
    pricePerView: "4,00",
    recordEvent: true,
    description: "Three bands on the quay.",
  };
  const window = (start: number, end: number) => ({ ...event, eventDate: wireDateTime(start), endDate: wireDateTime(end) });
  const created = await api.post(
    `/api/live/channel/${channel.body.channelId}/event`,
    window(Date.now() + 3600_000, Date.now() + 7200_000),
    {
      token: creator.access,
    },
  );
  expect(created.status, created.text).toBe(201);
  const eventId: string = created.body.eventId;
  const update = async (start: number, end: number) =>
    expect((await api.post(`/api/live/event/${eventId}`, window(start, end), { token: creator.access })).status).toBe(200);

  await test.step("a signed-out visitor: what the event is, when, the price and what the ticket gives", async () => {
    const visitor = await pageOn(browser);
    await visitor.goto(`/live/events/${eventId}`);
    await expect(visitor.getByTestId("live-ticket-poster")).toContainText("Quayside session");
    await expect(visitor.getByTestId("live-ticket")).toContainText("for the event live and its replay for 7 days after it ends");
    await expect(visitor.getByRole("complementary")).toContainText(
      "A ticket lets you watch the event live and its replay for 7 days after it ends.",
    );
    await checkPage(visitor, "live-states-01-ticket");
    await visitor.context().close();
  });

  // the viewer's ticket, bought through REST and the sandbox; the browser signs in as the buyer
  const paid = await api.post(
    `/api/live/event/${eventId}/pay`,
    { embedded: false, mobile: false, returnUrl: `${api.url}/back`, cancelUrl: `${api.url}/no` },
    { token: viewer.access },
  );
  expect(paid.status, paid.text).toBe(200);
  await payThroughSandbox(paid.body.url, paid.body.trackingId);
  const page = await pageOn(browser);
  await logIn(page, viewer.userCode, viewer.password);
  await expect(page).toHaveURL(/\/dashboard$/);

  await test.step("before: the countdown", async () => {
    await page.goto(`/live/events/${eventId}`);
    await expect(page.getByTestId("live-countdown")).toContainText("Quayside session starts in");
    await expect(page.getByTestId("live-badge")).toHaveCount(0);
    await expect(page.getByTestId("live-viewers")).toHaveText("1 waiting");
    await checkPage(page, "live-states-02-countdown");
  });

  await test.step("in the window: no badge until the encoder publishes, LIVE while it does", async () => {
    await update(Date.now() - 5_000, Date.now() + 3600_000);
    await page.reload();
    await expect(page.getByTestId("live-not-yet")).toBeVisible();
    await expect(page.getByTestId("live-badge")).toHaveCount(0);
    await expect(page.getByTestId("live-access")).toContainText("Ticket: you can watch live and then the replay until");
    const streamKey = `${path.body.streamPath}?user=${creator.userCode}&password=states-1`;
    publisher = spec.publishing(publishTestPattern(`${channel.body.streamingBaseUrl}/${streamKey}`, { seconds: 60 }));
    await expect(page.getByTestId("live-badge")).toHaveText("Live", { timeout: 15_000 });
    const time = () => page.getByTestId("player-video").evaluate((v: HTMLVideoElement) => v.currentTime);
    await expect.poll(time, { timeout: 30_000 }).toBeGreaterThan(1);
    await expect(page.getByTestId("live-viewers")).toHaveText("1 watching now");
    // the creator watches too: two viewers, on the creator's page at once and on the viewer's at its next beat (15 s)
    const second = await pageOn(browser);
    await logIn(second, creator.userCode, creator.password);
    await expect(second).toHaveURL(/\/dashboard$/);
    await second.goto(`/live/events/${eventId}`);
    await expect(second.getByTestId("live-viewers")).toHaveText("2 watching now", { timeout: 15_000 });
    await expect(page.getByTestId("live-viewers")).toHaveText("2 watching now", { timeout: 20_000 });
    await second.context().close();
    await checkPage(page, "live-states-03-live");
  });

  await test.step("the encoder stops: within 15 s the badge is off and the page says the stream stopped", async () => {
    const stoppedAt = Date.now();
    await publisher!.stop();
    await expect(page.getByTestId("live-stopped")).toContainText("The stream has stopped.", { timeout: 15_000 });
    expect(Date.now() - stoppedAt).toBeLessThan(15_000);
    await expect(page.getByTestId("live-badge")).toHaveCount(0);
    await checkPage(page, "live-states-04-stopped");
  });

  await test.step("after: the event ends and its recording is offered to the ticket holder as the replay", async () => {
    await update(Date.now() - 120_000, Date.now() + 2_000);
    await page.reload();
    await expect(page.getByTestId("replay-badge")).toHaveText("Replay", { timeout: 90_000 });
    await expect(page.getByTestId("live-access")).toContainText("Ticket: you can watch the replay until");
    const time = () => page.getByTestId("player-video").evaluate((v: HTMLVideoElement) => v.currentTime);
    // it starts by itself, as the live stream did
    await expect.poll(time, { timeout: 30_000 }).toBeGreaterThan(1);
    await expect(page.getByTestId("live-viewers")).toHaveText("1 watching the replay · Peak: 2 viewers live");
    await checkPage(page, "live-states-05-replay");
  });
});
