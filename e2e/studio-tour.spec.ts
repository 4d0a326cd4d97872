// The studio tour (issue 21, items 8 and 9): a guest sees the public pages with the viewer's header
// only; a creator (set up through REST) signs in once and visits every page of the studio's areas
// beside its grouped navigation, which marks the current page; every page passes checkPage (no
// console error, no horizontal scroll at 390 px, axe clean). Then the portal's language: an Italian
// browser and an Italian account get Italian pages, English ones stay English; the content, purchase
// and sign-up pages too.
import type { Page } from "@playwright/test";
import { Api } from "../test/support/api";
import { logIn } from "./helpers/account";
import { publishedVods } from "./helpers/vod";
import { checkPage, expect, PHONE, test } from "./helpers/page-health";

const baseUrl = process.env.KINORA_TEST_URL ?? "http://127.0.0.1:3000";

/** The studio's groups and their links, in order, as the creator reads them. */
const GROUPS: [string, string[]][] = [
  ["Content", ["Dashboard", "Box", "Videos", "Bundles", "Marketplace"]],
  ["Live", ["Live channels"]],
  ["Channels", ["Cast"]],
  ["Audience", ["Analytics"]],
  ["Money", ["Sales", "Plans"]],
  ["Account", ["Account", "Finance", "Features", "Password", "Developers", "Notices"]],
];

/** Every studio page of these areas: its address, its heading, and the studio link marked current (none: a page of the user menu). */
const STUDIO_PAGES: { path: string; heading: RegExp; current?: string }[] = [
  { path: "/dashboard", heading: /^Hello, /, current: "Dashboard" },
  { path: "/box", heading: /^Box$/, current: "Box" },
  { path: "/vod", heading: /^Videos$/, current: "Videos" },
  { path: "/bundles", heading: /^Bundles$/, current: "Bundles" },
  { path: "/marketplace", heading: /^Marketplace$/, current: "Marketplace" },
  { path: "/plans", heading: /^Plans$/, current: "Plans" },
  { path: "/sales", heading: /^Sales$/, current: "Sales" },
  { path: "/analytics", heading: /^Analytics$/, current: "Analytics" },
  { path: "/purchases", heading: /^Purchases$|^Library$/ },
  { path: "/account", heading: /^Your account$/, current: "Account" },
  { path: "/account/finance", heading: /^Your account$/, current: "Finance" },
  { path: "/account/features", heading: /^Your account$/, current: "Features" },
  { path: "/account/password", heading: /^Your account$/, current: "Password" },
  { path: "/account/developers", heading: /^Your account$/, current: "Developers" },
  { path: "/notices", heading: /^Notices from the moderators$/, current: "Notices" },
];

const studioNav = (page: Page) => page.getByRole("navigation", { name: "Studio" });

test("public pages: the viewer's header only, checkPage on each", async ({ page }) => {
  await test.step("public pages: the viewer's header (search, Home, Log in, Register), no studio links", async () => {
    for (const [path, heading] of [
      ["/login", "Log in"],
      ["/register", "Create your account"],
      ["/terms", "Terms of service"],
      ["/activate", "Account activation"],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
      const header = page.getByRole("navigation", { name: "Main" });
      await expect(header.getByRole("link")).toHaveText(["Home", "Log in", "Register"].concat(await outboxLink(page)));
      await expect(page.getByRole("search").getByRole("searchbox", { name: "Search Kinora" })).toBeVisible();
      await expect(studioNav(page)).toHaveCount(0);
      await checkPage(page, `tour-public${path.replace("/", "-")}`);
    }
  });

  await test.step("the search box is a GET form to /search with q (the page of its own is the search's)", async () => {
    const search = page.getByRole("search");
    await expect(search).toHaveAttribute("action", "/search");
    await expect(search).toHaveAttribute("method", "get");
    await expect(search.getByRole("searchbox", { name: "Search Kinora" })).toHaveAttribute("name", "q");
  });
});

test("studio tour: every studio page beside its grouped navigation, the current one marked", async ({ page }) => {
  // sixteen pages, each checked at two sizes with axe: longer than one journey's default
  test.setTimeout(180_000);
  const user = await new Api(baseUrl).newUser();

  await test.step("sign in: the header leads to the studio and the user's menu, not to the studio's areas", async () => {
    await logIn(page, user.userCode, user.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    const header = page.getByRole("navigation", { name: "Main" });
    await expect(header.getByRole("link", { name: "Studio" })).toHaveAttribute("href", "/dashboard");
    await expect(header.getByRole("link", { name: "Sales" })).toHaveCount(0);
    await page.getByTestId("user-menu").click();
    await expect(header.getByRole("link", { name: "Library" })).toBeVisible();
    await expect(header.getByRole("link", { name: "My page" })).toHaveAttribute("href", `/u/${user.userCode}`);
    await expect(header.getByRole("button", { name: "Log out" })).toBeVisible();
    await page.getByTestId("user-menu").click();
  });

  await test.step("the studio's navigation: six groups, their links in order", async () => {
    const nav = studioNav(page);
    for (const [group, links] of GROUPS) {
      await expect(nav.getByRole("list", { name: group, exact: true }).getByRole("link")).toHaveText(links);
    }
  });

  for (const { path, heading, current } of STUDIO_PAGES) {
    await test.step(`${path}: its heading, the current studio link, checkPage`, async () => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      const marked = studioNav(page).locator('[aria-current="page"]');
      if (current) await expect(marked).toHaveText([current]);
      else await expect(marked).toHaveCount(0);
      await checkPage(page, `tour${path.replaceAll("/", "-")}`);
    });
  }

  await test.step("on a phone the studio's navigation is a menu that opens and closes", async () => {
    await page.setViewportSize(PHONE);
    await page.goto("/sales");
    const toggle = studioNav(page).getByRole("button", { name: "Studio menu" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(studioNav(page).getByRole("link", { name: "Sales" })).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(studioNav(page).getByRole("link", { name: "Sales" })).toHaveAttribute("aria-current", "page");
    await checkPage(page, "tour-phone-menu");
    await studioNav(page).getByRole("link", { name: "Plans" }).click();
    await expect(page).toHaveURL(/\/plans$/);
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
  });

  await test.step("on a phone every control is at least 40 px tall (buttons, links of the menus, fields)", async () => {
    for (const path of ["/plans", "/account", "/box"]) {
      await page.goto(path);
      await studioNav(page).getByRole("button", { name: "Studio menu" }).click();
      await page.getByTestId("user-menu").click();
      expect(await smallControls(page), path).toEqual([]);
    }
  });
});

test("the portal speaks Italian to an Italian browser and an Italian account, English to English ones", async ({ browser }) => {
  const api = new Api(baseUrl);
  const [italian, english] = await Promise.all([api.newUser({ language: "it" }), api.newUser({ language: "en" })]);

  await test.step("an Italian browser: the login page and the header in Italian", async () => {
    const context = await browser.newContext({ locale: "it-IT", baseURL: baseUrl });
    const page = await context.newPage();
    await page.goto("/login");
    await expect(page.locator("html")).toHaveAttribute("lang", "it");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Accedi");
    await expect(page.getByRole("navigation", { name: "Principale" }).getByRole("link", { name: "Registrati" })).toBeVisible();
    await checkPage(page, "tour-it-login");

    await test.step("an English account in the Italian browser keeps its English studio", async () => {
      await page.getByLabel("Nome utente o email").fill(english.userCode);
      await page.getByLabel("Password").fill(english.password);
      await page.getByRole("button", { name: "Accedi" }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
      await expect(studioNav(page).getByRole("link", { name: "Sales" })).toBeVisible();
    });
    await context.close();
  });

  await test.step("an Italian account in an English browser: the studio in Italian, its errors too", async () => {
    const context = await browser.newContext({ locale: "en-US", baseURL: baseUrl });
    const page = await context.newPage();
    await logIn(page, italian.userCode, italian.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "it");
    const nav = page.getByRole("navigation", { name: "Studio" });
    await expect(nav.getByRole("list", { name: "Incassi" }).getByRole("link")).toHaveText(["Vendite", "Piani"]);
    await nav.getByRole("link", { name: "Vendite" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Vendite");
    await expect(page).toHaveTitle("Vendite · Kinora");
    await expect(nav.getByRole("link", { name: "Vendite" })).toHaveAttribute("aria-current", "page");
    await checkPage(page, "tour-it-sales");
    await page.goto("/account/password");
    await page.getByLabel("Password attuale").fill("Not-the-password-1");
    await page.getByLabel(/^Nuova password/).fill("Another-pass-12");
    await page.getByLabel("Ripeti la nuova password").fill("Another-pass-12");
    await page.getByRole("button", { name: "Cambia la password" }).click();
    await expect(page.getByText("La password attuale è errata")).toBeVisible();
    await context.close();
  });
});

test("content, purchase and sign-up pages in Italian for an Italian browser", async ({ browser }) => {
  const italian = await new Api(baseUrl).newUser({ language: "it" });
  const context = await browser.newContext({ locale: "it-IT", baseURL: baseUrl });
  const page = await context.newPage();
  const h1 = page.getByRole("heading", { level: 1 });

  await test.step("register, renew and terms", async () => {
    await page.goto("/register");
    await expect(h1).toHaveText("Crea il tuo account");
    await expect(page.getByRole("button", { name: "Crea l'account" })).toBeVisible();
    await expect(page.getByLabel("Lingua")).toHaveValue("it");
    await checkPage(page, "tour-it-register");
    await page.goto("/renew");
    await expect(h1).toHaveText("Reimposta la password");
    await expect(page.getByRole("button", { name: "Inviami un link" })).toBeVisible();
    await page.goto("/terms");
    await expect(h1).toHaveText("Condizioni d'uso");
  });

  await test.step("box, videos, bundles, marketplace and library of an Italian account", async () => {
    await page.goto("/login");
    await page.getByLabel("Nome utente o email").fill(italian.userCode);
    await page.getByLabel("Password").fill(italian.password);
    await page.getByRole("button", { name: "Accedi" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto("/box");
    await expect(page.getByRole("heading", { name: "Carica un video" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "I tuoi contenuti" })).toBeVisible();
    await expect(page.getByTestId("box-empty")).toHaveText("Il tuo box è vuoto: carica un video qui sopra.");
    await checkPage(page, "tour-it-box");
    await page.goto("/vod");
    await expect(page.getByRole("button", { name: "Pubblica un video" })).toBeVisible();
    await expect(page.getByTestId("vod-count")).toHaveText("0 video");
    await page.goto("/bundles");
    await expect(page.getByRole("button", { name: "Crea una raccolta" })).toBeVisible();
    await page.goto("/marketplace");
    await expect(page.getByRole("heading", { name: "Contenuti di altri autori" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Le tue offerte" })).toBeVisible();
    await checkPage(page, "tour-it-marketplace");
    await page.goto("/library");
    await expect(h1).toHaveText("Libreria");
    await expect(page.getByRole("heading", { name: "Biglietti per le dirette" })).toBeVisible();
    await expect(page.getByTestId("purchases-empty")).toContainText("Ancora nessun pagamento.");
  });
  await context.close();
});

test("the viewer's pages speak Italian to an Italian browser: home, search, creator, watch and player, cast channel", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const api = new Api(baseUrl);
  const { userCode, password, vodIds } = await publishedVods(api, "Ponte di sera", [{ licenseType: "FREE" }]);
  const { access } = await api.login(userCode, password);
  const streamPath = (await api.get("/api/public/live/streampath?base=Ponte", { token: access })).body.streamPath;
  const channel = await api.post("/api/cast/channel", { name: "Ponte TV", streamPath }, { token: access });
  expect(channel.status, channel.text).toBe(201);
  const context = await browser.newContext({ locale: "it-IT", baseURL: baseUrl });
  const page = await context.newPage();

  await test.step("home and search", async () => {
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "it");
    await expect(page.getByRole("heading", { name: "Ultimi video" })).toBeVisible();
    await expect(page.getByText("Il video, alle tue condizioni.")).toBeVisible();
    await checkPage(page, "tour-it-home");
    await page.goto("/search?type=bundles");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Esplora Kinora");
    await expect(page.getByRole("navigation", { name: "Cosa cercare" }).getByRole("link", { name: "Raccolte" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await checkPage(page, "tour-it-search");
  });

  await test.step("the creator's page", async () => {
    await page.goto(`/u/${userCode}`);
    await expect(page.getByRole("link", { name: "Informazioni" })).toBeVisible();
    await checkPage(page, "tour-it-creator");
  });

  await test.step("the watch page and its player", async () => {
    await page.goto(`/v/${vodIds[0]}`);
    await expect(page.getByRole("heading", { name: "Licenza" })).toBeVisible();
    await expect(page.getByTestId("watch-license")).toHaveText("Gratis da guardare. Tutti i diritti riservati all'editore.");
    await expect(page.getByTestId("share-open")).toHaveText("Condividi");
    await page.getByRole("button", { name: "Riproduci" }).click();
    await expect(page.getByTestId("player-fullscreen")).toHaveAttribute("aria-label", "Schermo intero");
    await expect(page.getByTestId("player-menu-speed")).toContainText("Velocità");
    await checkPage(page, "tour-it-watch");
  });

  await test.step("a cast channel's page", async () => {
    await page.goto(`/cast/${channel.body.channelId}`);
    await expect(page.getByTestId("cast-now")).toContainText("Ora");
    await expect(page.getByRole("button", { name: "Giorno successivo" })).toBeVisible();
    await expect(page.locator("#guide-title")).toContainText("Guida:");
  });
  await context.close();
});

test("the live and cast studio speak Italian to an Italian account: channels, events, go-live, calendar and day editor", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const api = new Api(baseUrl);
  const italian = await api.newUser({ language: "it" });
  const token = { token: italian.access };
  const livePath = (await api.get("/api/public/live/streampath?base=Onda", token)).body.streamPath;
  const live = await api.post("/api/live/channel", { name: "Onda viva", streamPath: livePath }, token);
  expect(live.status, live.text).toBe(201);
  const castPath = (await api.get("/api/public/live/streampath?base=Canale", token)).body.streamPath;
  const cast = await api.post("/api/cast/channel", { name: "Canale Uno", streamPath: castPath }, token);
  expect(cast.status, cast.text).toBe(201);
  const context = await browser.newContext({ locale: "it-IT", baseURL: baseUrl });
  const page = await context.newPage();
  await page.goto("/login");
  await page.getByLabel("Nome utente o email").fill(italian.userCode);
  await page.getByLabel("Password").fill(italian.password);
  await page.getByRole("button", { name: "Accedi" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await test.step("live: the channel list, a channel's events and its go-live panel", async () => {
    await page.goto("/live");
    await expect(page.getByTestId("channel-create")).toHaveText("Crea un canale");
    await expect(page.getByRole("heading", { name: "I tuoi canali" })).toBeVisible();
    await expect(page.getByTestId("channel-item").getByRole("link", { name: "Gestisci Onda viva" })).toBeVisible();
    await checkPage(page, "tour-it-live");
    await page.goto(`/live/channels/${live.body.channelId}`);
    await expect(page.getByRole("heading", { name: "Eventi" })).toBeVisible();
    await expect(page.getByTestId("event-create")).toHaveText("Programma un evento");
    await expect(page.getByTestId("event-empty")).toHaveText("Ancora nessun evento: programmane uno, poi vai in diretta nel suo orario.");
    await expect(page.getByTestId("go-live-link")).toHaveText("Vai in diretta");
    await checkPage(page, "tour-it-live-channel");
    await page.getByTestId("event-create").click();
    await expect(page.getByTestId("event-dialog").getByLabel(/^Inizio/)).toBeVisible();
    await expect(page.getByTestId("event-dialog").getByRole("button", { name: "Programma l'evento" })).toBeVisible();
    await page.goto(`/live/channels/${live.body.channelId}/go-live`);
    await expect(page.getByRole("heading", { name: /^Impostazioni dell'encoder/ })).toBeVisible();
    await expect(page.getByTestId("go-live-reveal")).toHaveText("Mostra");
    await expect(page.getByText("Chiave dello stream", { exact: true })).toBeVisible();
  });

  await test.step("cast: the channel and stream lists, a channel's calendar and its day editor", async () => {
    await page.goto("/cast");
    await expect(page.getByTestId("cast-channel-create")).toHaveText("Crea un canale");
    await expect(page.getByRole("heading", { name: "I tuoi stream" })).toBeVisible();
    await expect(page.getByTestId("cast-stream-create")).toHaveText("Crea uno stream");
    await checkPage(page, "tour-it-cast");
    await page.goto(`/cast/channels/${cast.body.channelId}`);
    await expect(page.getByTestId("cast-lock-state")).toHaveText("Sbloccato");
    await expect(page.getByRole("heading", { name: "Copia giorni" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Mese successivo" })).toBeVisible();
    await checkPage(page, "tour-it-cast-channel");
    await page.getByTestId("cast-today-link").click();
    await expect(page.getByRole("heading", { name: "Aggiungi al giorno" })).toBeVisible();
    await expect(page.getByTestId("cast-day-save")).toHaveText("Salva il giorno");
    await expect(page.getByTestId("cast-day-dropzone")).toContainText("Il giorno è vuoto");
    await checkPage(page, "tour-it-cast-day");
  });
  await context.close();
});

/** The visible controls shorter than a 40 px tap target (checkboxes and radios: their labels are the target). */
function smallControls(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [
      ...document.querySelectorAll<HTMLElement>(
        "button, .button, .studio-nav a, .nav-list a, .user-menu__list a, summary, input, select, textarea",
      ),
    ]
      .filter((el) => !(el instanceof HTMLInputElement && (el.type === "checkbox" || el.type === "radio")))
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.height > 0 && box.height < 40;
      })
      .map((el) => `${el.outerHTML.slice(0, 90)} (${Math.round(el.getBoundingClientRect().height)} px)`),
  );
}

/** The development outbox link, where this instance shows it (local, no SMTP). */
async function outboxLink(page: Page): Promise<string[]> {
  return (await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Outbox" }).count()) ? ["Outbox"] : [];
}
