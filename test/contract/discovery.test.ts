// Discovery over real HTTP (the server-rendered pages, as visitors get them): the search page's
// types (videos, bundles, live channels, cast channels, creators), its orders and what it never
// lists (private items of any creator, a bundle's copies of videos as cards of their own, an empty
// bundle), the creator page's tabs, a bundle's video also published free, the watch page's related
// videos, and the link-preview tags of the bundle, live and cast pages.
import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import sharp from "sharp";
import type { Api } from "../support/api";
import { postMultipart } from "./box-fixtures";
import { createBundle, insert } from "./bundle-fixtures";
import { createCastChannel } from "./cast-fixtures";
import { createChannel, createEvent, MINUTE, HOUR } from "./live-fixtures";
import { connect, newUser, type TestUser } from "./users-fixtures";
import { publish, readyItem, uniqueWord } from "./vod-fixtures";

let api: Api;
let creator: TestUser;
let other: TestUser;
let word: string;
let alpha: any; // FREE
let beta: any; // FREE, and the same content in the bundle
let betaPrivate: any;
let othersPrivate: any;
let bundle: any;
let emptyBundle: any;
let liveChannel: any;
let privateChannel: any;
let othersPrivateChannel: any;
let event: any;
let cast: any;
let bundleVodIds: string[];
let thumbnailId: string;

before(async () => {
  ({ api } = await connect());
  [creator, other] = [await newUser(api), await newUser(api)];
  word = uniqueWord("disc");
  for (const [u, title] of [
    [creator, `Studio ${word}`],
    [other, `Hidden ${word}`],
  ] as const) {
    const me = await api.post("/api/user/me", { ...u.user, profile: { ...u.user.profile, pageTitle: title } }, { token: u.access });
    assert.equal(me.status, 200, me.text);
  }
  const [a, b, c, d] = await Promise.all([
    readyItem(api, creator.access, { title: `Alpha ${word}` }),
    readyItem(api, creator.access, { title: `Beta ${word}` }),
    readyItem(api, creator.access, { title: `Gamma ${word}` }),
    readyItem(api, other.access, { title: `Delta ${word}` }),
  ]);
  alpha = await publish(api, creator.access, a.boxId, { licenseType: "FREE" });
  beta = await publish(api, creator.access, b.boxId, { licenseType: "FREE" });
  betaPrivate = await publish(api, creator.access, b.boxId, { licenseType: "FREE", public: false });
  othersPrivate = await publish(api, other.access, d.boxId, { licenseType: "FREE", public: false });
  bundle = await createBundle(api, creator, { name: `Box set ${word}` });
  emptyBundle = await createBundle(api, creator, { name: `Empty ${word}` });
  const inserted = await insert(api, creator, bundle.bundleId, [b.boxId, c.boxId], 0);
  assert.equal(inserted.status, 200, inserted.text);
  const listed = await api.get(`/api/contentbundle/${bundle.bundleId}/items`, { token: creator.access });
  bundleVodIds = listed.body.items.map((i: { vodId: string }) => i.vodId);
  assert.equal(bundleVodIds.length, 2);
  const png = await sharp({ create: { width: 640, height: 360, channels: 3, background: "#246" } })
    .png()
    .toBuffer();
  const thumb = await postMultipart(api, "/api/thumbnail", creator.access, {}, { name: "thumbnail", filename: "t.png", data: png });
  assert.equal(thumb.status, 201, thumb.text);
  thumbnailId = thumb.body.thumbnailId;
  liveChannel = await createChannel(api, creator, { name: `Live ${word}`, description: "Waves, live.", thumbnailId });
  privateChannel = await createChannel(api, creator, { name: `Secret ${word}`, public: false });
  othersPrivateChannel = await createChannel(api, other, { name: `Others ${word}`, public: false });
  // inside its window, nobody streaming: listed as on air all the same
  event = await createEvent(api, creator, liveChannel.channelId, Date.now() - MINUTE, Date.now() + HOUR, { name: `Show ${word}` });
  cast = await createCastChannel(api, creator, { name: `Cast ${word}` });
});

async function html(path: string): Promise<string> {
  const res = await fetch(api.url + path);
  assert.equal(res.status, 200, path);
  return (await res.text()).replace(/<!-- -->/g, "");
}

/** The ids the cards of a page link to, in order: `/v/{id}`, `/b/{id}`, `/live/{id}`, `/cast/{id}`, `/u/{code}`. */
function linked(page: string, card: string, prefix: string): string[] {
  const cards = [...page.matchAll(new RegExp(`<li[^>]*data-testid="${card}"[^>]*>[\\s\\S]*?</li>`, "g"))].map((m) => m[0]);
  return cards.map((c) => new RegExp(`href="${prefix}([^"?/]+)"`).exec(c)?.[1] ?? "");
}

const search = (query: Record<string, string>) => html(`/search?${new URLSearchParams({ q: word, ...query })}`);

describe("the search page /search", () => {
  test("videos: the public ones, never private ones (the creator's or another's) nor a bundle's copies; newest first or by title", async () => {
    const newest = linked(await search({ type: "videos" }), "catalog-card", "/v/");
    assert.deepEqual(newest, [beta.vodId, alpha.vodId]);
    for (const hidden of [betaPrivate.vodId, othersPrivate.vodId, ...bundleVodIds]) assert.ok(!newest.includes(hidden), hidden);
    assert.deepEqual(linked(await search({ type: "videos", sort: "title" }), "catalog-card", "/v/"), [alpha.vodId, beta.vodId]);
    // the default type is videos; a type that is not one reads as videos too
    assert.deepEqual(linked(await search({ type: "films" }), "catalog-card", "/v/"), newest);
    assert.match(await search({ type: "videos" }), /data-testid="search-count">2 videos</);
  });

  test("bundles: a bundle with videos, not an empty one", async () => {
    assert.deepEqual(linked(await search({ type: "bundles" }), "bundle-card", "/b/"), [bundle.bundleId]);
    assert.ok(emptyBundle.bundleId);
  });

  test("live channels: the public one with its event on air (the stream not started); no private channel of anyone", async () => {
    const page = await search({ type: "live" });
    assert.deepEqual(linked(page, "live-channel-card", "/live/"), [liveChannel.channelId]);
    assert.match(page, new RegExp(`On air: ${event.name}`));
    for (const c of [privateChannel, othersPrivateChannel]) assert.ok(!page.includes(c.channelId));
  });

  test("cast channels and creators: only creators with something public", async () => {
    assert.deepEqual(linked(await search({ type: "channels" }), "cast-channel-card", "/cast/"), [cast.channelId]);
    // `other` has the word in their page title but nothing public
    assert.deepEqual(linked(await search({ type: "creators" }), "creator-card", "/u/"), [creator.userCode]);
  });

  test("the type tabs keep the words; best match is offered only with words", async () => {
    const page = await search({ type: "bundles" });
    const liveTab = /<a[^>]*data-testid="tab-live"[^>]*>/.exec(page)?.[0] ?? "";
    assert.match(liveTab, new RegExp(`href="/search\\?q=${word}&amp;type=live"`));
    assert.match(page, /aria-current="page" data-testid="tab-bundles"/);
    assert.match(page, /data-testid="sort-relevance"/);
    assert.doesNotMatch(await html("/search?type=bundles"), /data-testid="sort-relevance"/);
  });
});

describe("the creator page /u/{userCode}", () => {
  test("tabs: videos (no bundle copies), live, channels, bundles, about", async () => {
    const base = `/u/${creator.userCode}`;
    assert.deepEqual(linked(await html(base), "catalog-card", "/v/"), [beta.vodId, alpha.vodId]);
    assert.deepEqual(linked(await html(`${base}?tab=live`), "live-channel-card", "/live/"), [liveChannel.channelId]);
    assert.deepEqual(linked(await html(`${base}?tab=channels`), "cast-channel-card", "/cast/"), [cast.channelId]);
    assert.deepEqual(linked(await html(`${base}?tab=bundles`), "bundle-card", "/b/"), [bundle.bundleId]);
    const about = await html(`${base}?tab=about`);
    assert.match(about, /aria-current="page" data-testid="tab-about"/);
    assert.match(about, /This creator has not written a description yet\./);
    // another creator's page lists none of their private items
    assert.match(await html(`/u/${other.userCode}`), /No public videos yet\./);
  });
});

describe("bundle and watch pages", () => {
  test("a bundle's video also published free says so and links the free one; the bundle-only one does not", async () => {
    const page = await html(`/b/${bundle.bundleId}`);
    const notes = [...page.matchAll(/data-testid="bundle-free-copy">[\s\S]*?href="\/v\/([^"]+)"/g)].map((m) => m[1]);
    assert.deepEqual(notes, [beta.vodId]);
    const copy = await html(`/v/${bundleVodIds[0]}`);
    assert.match(copy, new RegExp(`data-testid="watch-free-copy"[\\s\\S]*?href="/v/${beta.vodId}"`));
    assert.doesNotMatch(await html(`/v/${bundleVodIds[1]}`), /data-testid="watch-free-copy"/);
  });

  test("up next: more from this creator first, never the video itself nor private ones", async () => {
    const page = await html(`/v/${alpha.vodId}`);
    const related = page.slice(page.indexOf('data-testid="watch-related"'));
    const ids = linked(related, "catalog-card", "/v/");
    assert.equal(ids[0], beta.vodId);
    for (const hidden of [alpha.vodId, betaPrivate.vodId, othersPrivate.vodId, ...bundleVodIds]) assert.ok(!ids.includes(hidden));
  });
});

/** The content of `<meta name|property="key">` tags, in order (entities of URLs decoded). */
function metas(page: string, key: string): string[] {
  return [...page.matchAll(/<meta\s[^>]*>/g)]
    .map((m) => m[0])
    .filter((tag) => tag.includes(`name="${key}"`) || tag.includes(`property="${key}"`))
    .map((tag) => (/content="([^"]*)"/.exec(tag)?.[1] ?? "").replace(/&amp;/g, "&"));
}

/** The picture at `url` fetched as a crawler does (no session): an image. */
async function assertImage(url: string): Promise<void> {
  const res = await fetch(url);
  assert.equal(res.status, 200, url);
  assert.match(res.headers.get("content-type") ?? "", /^image\//);
  assert.ok(((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width ?? 0) > 0, url);
}

describe("link previews of the bundle, live channel and cast channel pages", () => {
  test("Open Graph and Twitter large-image tags; the picture answers without a session", async () => {
    const bundlePage = await html(`/b/${bundle.bundleId}`);
    assert.deepEqual(metas(bundlePage, "og:title"), [bundle.name]);
    assert.deepEqual(metas(bundlePage, "og:type"), ["video.other"]);
    assert.deepEqual(metas(bundlePage, "og:url"), [`${api.url}/b/${bundle.bundleId}`]);
    assert.deepEqual(metas(bundlePage, "twitter:card"), ["summary_large_image"]);
    // no picture of its own: its first video's poster
    assert.deepEqual(metas(bundlePage, "og:image"), [`${api.url}/asset/poster/vod/${bundleVodIds[0]}/1280`]);
    await assertImage(metas(bundlePage, "og:image")[0]!);

    const livePage = await html(`/live/${liveChannel.channelId}`);
    assert.deepEqual(metas(livePage, "og:title"), [`Live ${word} · Live`]);
    assert.deepEqual(metas(livePage, "og:description"), ["Waves, live."]);
    assert.deepEqual(metas(livePage, "og:image"), [`${api.url}/asset/thumbnail/${thumbnailId}/1280`]);
    assert.deepEqual(metas(livePage, "twitter:image"), [`${api.url}/asset/thumbnail/${thumbnailId}/1280`]);
    await assertImage(metas(livePage, "og:image")[0]!);

    const castPage = await html(`/cast/${cast.channelId}`);
    assert.deepEqual(metas(castPage, "og:title"), [`Cast ${word} · Cast`]);
    assert.deepEqual(metas(castPage, "og:description"), [`A channel by Studio ${word} on Kinora`]);
    assert.deepEqual(metas(castPage, "twitter:card"), ["summary_large_image"]);
    // a share button on each
    for (const page of [bundlePage, livePage, castPage]) assert.match(page, /data-testid="share-open"/);
  });
});
