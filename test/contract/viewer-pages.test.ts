// The viewer pages over real HTTP: the watch page (title, price, license, publisher, oEmbed
// discovery, OpenGraph and Twitter player card), 404 for what the visitor may not see, the
// embeddable player (framed by any site, bare) against the watch page (framed by none), /oembed
// (shape, maxwidth/maxheight, thumbnail, 404 and 501), the creator page's vods (only that creator's
// visible ones, search, paging) and the home page's recent vods.
import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import sharp from "sharp";
import type { Api } from "../support/api";
import { portalSignIn } from "../support/portal-session";
import { postMultipart } from "./box-fixtures";
import { connect, newUser, type TestUser } from "./users-fixtures";
import { publish, readyItem, uniqueWord } from "./vod-fixtures";

let api: Api;
let creator: TestUser;
let other: TestUser;
let word: string;
let item: any;
let ppv: any;
let free: any;
let cc: any;
let hidden: any;
let expired: any;
let othersVod: any;
let thumbnailId: string;

const pageTitle = "Rail Films";

before(async () => {
  ({ api } = await connect());
  [creator, other] = [await newUser(api), await newUser(api)];
  word = uniqueWord("rail");
  // an 800x450 thumbnail for the content, and the creator's page title and picture
  const png = await sharp({ create: { width: 800, height: 450, channels: 3, background: "#2a6" } })
    .png()
    .toBuffer();
  const thumb = await postMultipart(api, "/api/thumbnail", creator.access, {}, { name: "thumbnail", filename: "t.png", data: png });
  assert.equal(thumb.status, 201, thumb.text);
  thumbnailId = thumb.body.thumbnailId;
  const profile = { ...creator.user.profile, pageTitle, thumbnailId };
  const me = await api.post("/api/user/me", { ...creator.user, profile }, { token: creator.access });
  assert.equal(me.status, 200, me.text);
  item = await readyItem(api, creator.access, { title: `Night train ${word}`, description: "A sleeper crossing the Alps.", thumbnailId });
  const plain = await readyItem(api, creator.access, { title: `Station ${word}` });
  ppv = await publish(api, creator.access, item.boxId, { licenseType: "PAY_PER_VIEW", pricePerView: "2,50" });
  free = await publish(api, creator.access, plain.boxId, { licenseType: "FREE" });
  cc = await publish(api, creator.access, plain.boxId, { licenseType: "CREATIVE_COMMONS", ccType: "BY_NC_SA" });
  hidden = await publish(api, creator.access, plain.boxId, { licenseType: "FREE", public: false });
  expired = await publish(api, creator.access, plain.boxId, { licenseType: "FREE", expirationDate: "01/01/2001" });
  const othersItem = await readyItem(api, other.access, { title: `Tram ${word}` });
  othersVod = await publish(api, other.access, othersItem.boxId);
});

/** A page's HTML, without the `<!-- -->` React puts between adjacent text parts (so sentences read whole). */
async function html(path: string, headers: Record<string, string> = {}): Promise<{ status: number; text: string; res: Response }> {
  const res = await fetch(api.url + path, { headers, redirect: "manual" });
  return { status: res.status, text: (await res.text()).replace(/<!-- -->/g, ""), res };
}

const decode = (s: string) =>
  s
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");

/** The content of `<meta name|property="key">` tags, in order. */
function metas(page: string, key: string): string[] {
  return [...page.matchAll(/<meta\s[^>]*>/g)]
    .map((m) => m[0])
    .filter((tag) => tag.includes(`name="${key}"`) || tag.includes(`property="${key}"`))
    .map((tag) => decode(/content="([^"]*)"/.exec(tag)?.[1] ?? ""));
}

/** The attributes of the first tag matching `pattern`. */
function tagAttributes(page: string, pattern: RegExp): Record<string, string> | undefined {
  const tag = pattern.exec(page)?.[0];
  if (!tag) return undefined;
  return Object.fromEntries([...tag.matchAll(/([\w:-]+)="([^"]*)"/g)].map((m) => [m[1]!, decode(m[2]!)]));
}

const frameAncestors = (res: Response) => /frame-ancestors ([^;]+)/.exec(res.headers.get("content-security-policy") ?? "")?.[1];
const vodIdsOn = (page: string) => [...page.matchAll(/data-vod-id="([^"]+)"/g)].map((m) => m[1]!);

describe("watch page /v/{vodId}", () => {
  test("a pay-per-view vod: title, price and Buy, duration, publisher with picture and link, license, description", async () => {
    const { status, text } = await html(`/v/${ppv.vodId}`);
    assert.equal(status, 200);
    assert.match(text, new RegExp(`<h1[^>]*>Night train ${word}</h1>`));
    assert.match(text, /<title>Night train rail\w+ · Kinora<\/title>/);
    assert.match(text, /data-testid="vod-price">€2\.50</);
    assert.match(text, /<button[^>]*data-testid="vod-buy"[^>]*>Buy · €2\.50<\/button>/);
    assert.match(text, /<time dateTime="PT2S"[^>]*>0:02<\/time>/);
    assert.equal(tagAttributes(text, /<a[^>]*data-testid="watch-publisher"[^>]*>/)?.href, `/u/${creator.userCode}`);
    assert.match(text, new RegExp(`data-testid="watch-publisher"[^>]*>${pageTitle}<`));
    assert.match(text, new RegExp(`<img class="avatar avatar--small avatar--image" src="/asset/thumbnail/${thumbnailId}/96"`));
    assert.match(text, /Pay-per-view: €2\.50 to watch it as often as you like for 48 hours/);
    assert.match(text, /A sleeper crossing the Alps\./);
    assert.doesNotMatch(text, /data-testid="owner-preview"/);
  });

  test("oEmbed discovery, canonical address, OpenGraph video and Twitter large-image card; og:image the thumbnail, else the public poster", async () => {
    const { text } = await html(`/v/${ppv.vodId}`);
    const page = `${api.url}/v/${ppv.vodId}`;
    const embed = `${api.url}/embed/v/${ppv.vodId}`;
    const oembed = tagAttributes(text, /<link[^>]*type="application\/json\+oembed"[^>]*>/);
    assert.deepEqual(oembed, {
      rel: "alternate",
      type: "application/json+oembed",
      href: `${api.url}/oembed?url=${encodeURIComponent(page)}&format=json`,
      title: `Night train ${word}`,
    });
    assert.equal(tagAttributes(text, /<link rel="canonical"[^>]*>/)?.href, page);
    assert.deepEqual(metas(text, "og:title"), [`Night train ${word}`]);
    assert.deepEqual(metas(text, "og:description"), ["A sleeper crossing the Alps."]);
    assert.deepEqual(metas(text, "og:type"), ["video.other"]);
    assert.deepEqual(metas(text, "og:url"), [page]);
    assert.deepEqual(metas(text, "og:site_name"), ["Kinora"]);
    assert.deepEqual(metas(text, "og:image"), [`${api.url}/asset/thumbnail/${thumbnailId}/1280`]);
    assert.deepEqual(metas(text, "og:video"), [embed]);
    assert.deepEqual(metas(text, "og:video:type"), ["text/html"]);
    assert.deepEqual([metas(text, "og:video:width"), metas(text, "og:video:height")], [["640"], ["360"]]);
    assert.deepEqual(metas(text, "twitter:card"), ["summary_large_image"]);
    assert.deepEqual(metas(text, "twitter:image"), [`${api.url}/asset/thumbnail/${thumbnailId}/1280`]);
    assert.deepEqual(metas(text, "twitter:title"), [`Night train ${word}`]);
    // the discovered address answers
    const discovered = await fetch(oembed!.href!);
    assert.equal(discovered.status, 200);
    assert.equal(((await discovered.json()) as { title: string }).title, `Night train ${word}`);

    // without a thumbnail of its own, the ingest's poster through its public, unsigned address:
    // fetched without a session, an image
    const plain = (await html(`/v/${free.vodId}`)).text;
    const poster = `${api.url}/asset/poster/vod/${free.vodId}/1280`;
    assert.deepEqual(metas(plain, "og:image"), [poster]);
    assert.deepEqual(metas(plain, "twitter:image"), [poster]);
    assert.deepEqual(metas(plain, "og:description"), [`A video by ${pageTitle} on Kinora`]);
    const image = await fetch(poster);
    assert.equal(image.status, 200);
    assert.match(image.headers.get("content-type") ?? "", /^image\/(jpeg|png|webp)$/);
    assert.ok((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).width! > 0, "a picture");
    // a paid vod's picture is public too; a private vod's is not
    assert.equal((await fetch(`${api.url}/asset/poster/vod/${ppv.vodId}/320`)).status, 200);
    assert.equal((await fetch(`${api.url}/asset/poster/vod/${hidden.vodId}/320`)).status, 404);
    assert.deepEqual(metas((await html(`/v/${hidden.vodId}`)).text, "og:image"), []);
  });

  test("Creative Commons: the badge and the deed; FREE: free to watch; neither offers Buy", async () => {
    const ccPage = (await html(`/v/${cc.vodId}`)).text;
    const deed = "https://creativecommons.org/licenses/by-nc-sa/4.0/";
    assert.match(ccPage, new RegExp(`<a class="cc-badge" href="${deed}" rel="license noopener"[^>]*>CC BY-NC-SA 4.0</a>`));
    assert.match(ccPage, new RegExp(`href="${deed}"[^>]*>Creative Commons Attribution-NonCommercial-ShareAlike 4.0 International</a>`));
    const freePage = (await html(`/v/${free.vodId}`)).text;
    assert.match(freePage, /data-testid="watch-license">Free to watch/);
    for (const page of [ccPage, freePage]) {
      assert.doesNotMatch(page, /data-testid="vod-buy"/);
      assert.doesNotMatch(page, /data-testid="vod-price"/);
    }
  });

  test("404 for a private, an expired, another creator's unknown and a malformed vod; the owner sees their private one", async () => {
    for (const path of [`/v/${hidden.vodId}`, `/v/${expired.vodId}`, "/v/00000000-0000-4000-8000-000000000000", "/v/not-a-vod"]) {
      const { status, text } = await html(path);
      assert.equal(status, 404, path);
      assert.match(text, /Page not found/, path);
      assert.deepEqual(metas(text, "og:title"), [], path);
    }
    const { cookie } = await portalSignIn(api.url, creator.userCode, creator.password);
    for (const [vod, why] of [
      [hidden, "not public"],
      [expired, "past its expiration date"],
    ]) {
      const own = await html(`/v/${vod.vodId}`, { Cookie: cookie });
      assert.equal(own.status, 200);
      assert.match(own.text, new RegExp(`data-testid="owner-preview">Only you can see this page: the video is ${why}`));
      assert.deepEqual(metas(own.text, "robots"), ["noindex, nofollow"]);
    }
    // another signed-in user gets the 404 like anyone
    const { cookie: otherCookie } = await portalSignIn(api.url, other.userCode, other.password);
    assert.equal((await html(`/v/${hidden.vodId}`, { Cookie: otherCookie })).status, 404);
  });
});

describe("embeddable player /embed/v/{vodId}", () => {
  test("any site may frame it, and only it: the watch page and the others answer frame-ancestors 'none'", async () => {
    const embed = await html(`/embed/v/${ppv.vodId}`);
    assert.equal(embed.status, 200);
    assert.equal(frameAncestors(embed.res), "*");
    for (const path of [`/v/${ppv.vodId}`, `/u/${creator.userCode}`, "/", "/login"]) {
      const page = await html(path);
      assert.equal(frameAncestors(page.res), "'none'", path);
    }
    // a 404 of the embed is still an embed page (framed), with nothing of the vod
    const missing = await html("/embed/v/00000000-0000-4000-8000-000000000000");
    assert.equal(missing.status, 404);
    assert.equal(frameAncestors(missing.res), "*");
  });

  test("bare: the player without the site's header and footer; Buy opens the watch page in a new tab", async () => {
    const { text } = await html(`/embed/v/${ppv.vodId}`);
    assert.match(text, /<body class="framed">/);
    assert.doesNotMatch(text, /class="site-header"/);
    assert.doesNotMatch(text, /class="site-footer"/);
    assert.match(text, /<video[^>]*data-testid="player-video"/);
    assert.deepEqual(tagAttributes(text, /<a[^>]*data-testid="vod-buy"[^>]*>/), {
      class: "button",
      href: `/v/${ppv.vodId}`,
      target: "_blank",
      rel: "noopener",
      "data-testid": "vod-buy",
    });
    assert.deepEqual(metas(text, "robots"), ["noindex"]);
    assert.match(text, /data-testid="vod-buy">Buy on Kinora · €2\.50<span class="visually-hidden"> \(opens in a new tab\)<\/span><\/a>/);
    // a client's own header does not make another page bare
    const watch = await html(`/v/${ppv.vodId}`, { "x-kinora-framed-page": "1" });
    assert.match(watch.text, /class="site-header"/);
    assert.equal(frameAncestors(watch.res), "'none'");
  });
});

describe("GET /oembed", () => {
  const oembed = (query: Record<string, string>) => api.get(`/oembed?${new URLSearchParams(query)}`);

  test("oEmbed 1.0 video: title, author, provider, thumbnail and the player's iframe, 640x360 by default", async () => {
    const res = await oembed({ url: `${api.url}/v/${ppv.vodId}`, format: "json" });
    assert.equal(res.status, 200, res.text);
    assert.match(res.headers.get("content-type") ?? "", /^application\/json/);
    assert.deepEqual(res.body, {
      type: "video",
      version: "1.0",
      title: `Night train ${word}`,
      author_name: pageTitle,
      author_url: `${api.url}/u/${creator.userCode}`,
      provider_name: "Kinora",
      provider_url: `${api.url}/`,
      thumbnail_url: `${api.url}/asset/thumbnail/${thumbnailId}/640`,
      thumbnail_width: 640,
      thumbnail_height: 360,
      html:
        `<iframe src="${api.url}/embed/v/${ppv.vodId}" width="640" height="360" title="Night train ${word}" style="border:0" ` +
        `allow="autoplay; fullscreen; picture-in-picture" allowfullscreen></iframe>`,
      width: 640,
      height: 360,
    });
    // the thumbnail it names is served at that size
    const image = await fetch(res.body.thumbnail_url);
    assert.equal(image.status, 200);
    assert.deepEqual(
      await sharp(Buffer.from(await image.arrayBuffer()))
        .metadata()
        .then((m) => [m.width, m.height]),
      [640, 360],
    );
  });

  test("maxwidth and maxheight bind the player and the thumbnail; the embed address and no format work too", async () => {
    const narrow = await oembed({ url: `${api.url}/v/${ppv.vodId}`, maxwidth: "300" });
    assert.equal(narrow.status, 200, narrow.text);
    assert.deepEqual([narrow.body.width, narrow.body.height], [300, 169]);
    assert.match(narrow.body.html, /width="300" height="169"/);
    assert.deepEqual([narrow.body.thumbnail_width, narrow.body.thumbnail_height], [256, 144]);
    assert.equal(narrow.body.thumbnail_url, `${api.url}/asset/thumbnail/${thumbnailId}/256`);
    const low = await oembed({ url: `${api.url}/embed/v/${ppv.vodId}`, maxheight: "100", format: "JSON" });
    assert.equal(low.status, 200, low.text);
    assert.deepEqual([low.body.width, low.body.height], [177, 100]);
    assert.ok(low.body.thumbnail_height <= 100 && low.body.thumbnail_width <= 177, JSON.stringify(low.body));
    const both = await oembed({ url: `${api.url}/v/${free.vodId}/`, maxwidth: "1000", maxheight: "1000" });
    assert.deepEqual([both.body.width, both.body.height], [640, 360]);
    assert.equal(both.body.thumbnail_url, undefined, "no public thumbnail, none named");
    assert.equal(both.body.thumbnail_width, undefined);
    const ignored = await oembed({ url: `${api.url}/v/${free.vodId}`, maxwidth: "wide", maxheight: "-5" });
    assert.deepEqual([ignored.body.width, ignored.body.height], [640, 360]);
  });

  test("404 for what is not one of our public vods; 501 for format=xml; 400 without url", async () => {
    for (const url of [
      `${api.url}/v/${hidden.vodId}`,
      `${api.url}/v/${expired.vodId}`,
      `${api.url}/v/00000000-0000-4000-8000-000000000000`,
      `https://elsewhere.example/v/${ppv.vodId}`,
      `${api.url}/u/${creator.userCode}`,
      `${api.url}/v/${ppv.vodId}/extra`,
      "not a url",
    ]) {
      const res = await oembed({ url });
      assert.equal(res.status, 404, `${url}: ${res.text}`);
      assert.equal(res.body.status, 404);
      assert.equal(res.body.path, "/oembed");
    }
    // the owner's session changes nothing: oEmbed answers what anyone may embed
    const { cookie } = await portalSignIn(api.url, creator.userCode, creator.password);
    const own = await api.get(`/oembed?${new URLSearchParams({ url: `${api.url}/v/${hidden.vodId}` })}`, { headers: { Cookie: cookie } });
    assert.equal(own.status, 404);
    const xml = await oembed({ url: `${api.url}/v/${ppv.vodId}`, format: "xml" });
    assert.equal(xml.status, 501, xml.text);
    assert.equal(xml.body.message, "Only the json format is served");
    const none = await api.get("/oembed");
    assert.equal(none.status, 400, none.text);
  });
});

describe("creator page /u/{userCode} and home page /", () => {
  test("the creator page lists that creator's visible vods only, with their badges, newest first", async () => {
    const { status, text } = await html(`/u/${creator.userCode}`);
    assert.equal(status, 200);
    assert.deepEqual(vodIdsOn(text), [cc.vodId, free.vodId, ppv.vodId]);
    const form = tagAttributes(text, /<form[^>]*role="search"[^>]*action="\/u\/[^>]*>/); // the listing's, not the header's (/search)
    assert.deepEqual([form?.action, form?.method], [`/u/${creator.userCode}`, "get"]);
    const card = (vodId: string) => new RegExp(`data-vod-id="${vodId}"[\\s\\S]*?</li>`).exec(text)?.[0] ?? "";
    assert.match(card(ppv.vodId), /data-testid="vod-license">€2\.50</);
    assert.match(card(ppv.vodId), new RegExp(`<img class="catalog-card__picture" src="/asset/thumbnail/${thumbnailId}/640"`));
    assert.match(card(ppv.vodId), new RegExp(`href="/v/${ppv.vodId}"`));
    assert.match(card(ppv.vodId), /Night train/);
    assert.match(card(ppv.vodId), /0:02/);
    assert.match(card(cc.vodId), /data-testid="vod-license">CC BY-NC-SA</);
    assert.match(card(free.vodId), /data-testid="vod-license">Free</);
    assert.deepEqual(vodIdsOn((await html(`/u/${other.userCode}`)).text), [othersVod.vodId]);
  });

  test("search in the address: ?q= finds by the content's words, server-rendered; nothing found says so", async () => {
    const night = await html(`/u/${creator.userCode}?q=${encodeURIComponent("night")}`);
    assert.deepEqual(vodIdsOn(night.text), [ppv.vodId]);
    assert.match(night.text, /data-testid="vod-results">1 video for “night”/);
    assert.match(night.text, /<input id="vod-search-q" type="search"[^>]*name="q"[^>]*value="night"/);
    const none = await html(`/u/${creator.userCode}?q=submarine`);
    assert.deepEqual(vodIdsOn(none.text), []);
    assert.match(none.text, /No video matches this search\./);
  });

  test("paging: 12 a page, the pager links keep the query", async () => {
    const u = await newUser(api);
    const content = await readyItem(api, u.access, { title: `Tunnel ${uniqueWord()}` });
    const published = [];
    for (let i = 0; i < 13; i++) published.push((await publish(api, u.access, content.boxId, { licenseType: "FREE" })).vodId);
    const first = await html(`/u/${u.userCode}`);
    assert.deepEqual(vodIdsOn(first.text), published.slice(1).reverse());
    assert.match(first.text, /Page 1 of 2/);
    const link = (page: string, rel: string) => tagAttributes(page, new RegExp(`<a[^>]*rel="${rel}"[^>]*>`))?.href;
    assert.equal(link(first.text, "next"), `/u/${u.userCode}?page=2`);
    assert.equal(link(first.text, "prev"), undefined);
    const second = await html(`/u/${u.userCode}?page=2`);
    assert.deepEqual(vodIdsOn(second.text), [published[0]]);
    assert.equal(link(second.text, "prev"), `/u/${u.userCode}`);
    assert.equal(link(second.text, "next"), undefined);
    const searched = await html(`/u/${u.userCode}?q=tunnel&page=2`);
    assert.deepEqual(vodIdsOn(searched.text), [published[0]]);
    assert.equal(link(searched.text, "prev"), `/u/${u.userCode}?q=tunnel`);
    // a page that is not a number is the first
    assert.deepEqual(vodIdsOn((await html(`/u/${u.userCode}?page=zwei`)).text), published.slice(1).reverse());
  });

  test("the home page's latest videos row has the newest public vods of every creator, with their publisher; search finds them", async () => {
    const latest = await publish(api, other.access, othersVod.boxId, { licenseType: "CREATIVE_COMMONS", ccType: "BY" });
    const home = await html("/");
    assert.equal(home.status, 200);
    assert.match(home.text, /<h2 id="home-videos">Latest videos<\/h2>/);
    const ids = vodIdsOn(home.text);
    assert.ok(ids.length >= 1 && ids.length <= 12, `${ids.length} cards`);
    assert.ok(ids.includes(latest.vodId), "the newest vod is on the first page");
    assert.ok(home.text.indexOf("home-videos") < home.text.indexOf("Video, on your terms."), "videos come first");
    assert.match(home.text, /Create an account/, "the product is still explained");
    // the old search address leads to the search page
    assert.equal((await html(`/?q=${word}`)).res.headers.get("location"), `/search?q=${word}&type=videos`);
    const searched = await html(`/search?q=${word}`);
    assert.deepEqual(new Set(vodIdsOn(searched.text)), new Set([ppv.vodId, free.vodId, cc.vodId, othersVod.vodId, latest.vodId]));
    assert.match(searched.text, new RegExp(`href="/u/${creator.userCode}"[^>]*>${pageTitle}</a>`), "cards name their publisher");
    for (const vod of [hidden, expired]) assert.ok(!vodIdsOn(searched.text).includes(vod.vodId));
  });
});
