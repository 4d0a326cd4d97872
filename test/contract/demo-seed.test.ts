// The demo content of `bash scripts/up.sh` (KINORA_DEMO=1): the creator and the viewer can log in,
// the creator's public page is filled in, and its box holds two videos made by ffmpeg at first start
// that the job worker processes to READY and that are then published (free and pay-per-view). A
// restart adds nothing twice.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { Api } from "../support/api";
import { ALL_ROLES, startKinora, type Kinora } from "../support/server";
import { preparePostgres } from "../../scripts/test-postgres";
import { waitForItem } from "./box-fixtures";

let server: Kinora;
let ownDb: { url: string; drop(): Promise<void> } | undefined;

const demoEnv = () => ({ KINORA_DEMO: "1", ...(ownDb ? { DATABASE_URL: ownDb.url, ...ALL_ROLES } : {}) });

before(async () => {
  ownDb = process.env.DATABASE_URL ? await preparePostgres() : undefined;
  server = await startKinora(demoEnv());
});

after(async () => {
  await server?.stop();
  await ownDb?.drop();
});

async function demoBox(api: Api, token: string) {
  const res = await api.post("/api/search/box/contents", { pageSize: 10 }, { token });
  assert.equal(res.status, 200, res.text);
  return res.body.items as { boxId: string; title: string; status: string }[];
}

test("demo users, public page and a processed demo video; a restart seeds nothing twice", async () => {
  const api = new Api(server.url);
  const viewer = await api.login("demo-viewer", "demo-password-2");
  assert.ok(viewer.access);
  const creator = await api.login("demo", "demo-password-1");
  const page = await api.get("/api/public/user/demo/overview", { token: await api.publicToken() });
  assert.equal(page.status, 200, page.text);
  assert.equal(page.body.pageTitle, "Demo Studio");

  // the videos are made in the background after the start: they appear, are processed, then published
  let items: Awaited<ReturnType<typeof demoBox>> = [];
  for (let i = 0; i < 240 && items.length < 2; i++) {
    items = await demoBox(api, creator.access);
    if (items.length < 2) await new Promise((r) => setTimeout(r, 500));
  }
  assert.deepEqual(items.map((i) => i.title).sort(), ["Colour bars", "Test pattern"]);
  const byTitle = new Map(items.map((i) => [i.title, i]));
  const ready = await waitForItem(api, creator.access, byTitle.get("Test pattern")!.boxId, (i) => i.status === "READY", 180_000);
  assert.equal(ready.duration, "0:20");
  await waitForItem(api, creator.access, byTitle.get("Colour bars")!.boxId, (i) => i.status === "READY", 180_000);
  let vods: { title: string; licenseType: string; pricePerView?: string }[] = [];
  for (let i = 0; i < 60 && vods.length < 2; i++) {
    const res = await api.post("/api/public/search/vod/contents", { userCode: "demo" }, { token: await api.publicToken() });
    vods = res.body.items;
    if (vods.length < 2) await new Promise((r) => setTimeout(r, 500));
  }
  assert.deepEqual(vods.map((v) => [v.title, v.licenseType, v.pricePerView]).sort(), [
    ["Colour bars", "PAY_PER_VIEW", "2,50"],
    ["Test pattern", "FREE", undefined],
  ]);

  if (!ownDb) await server.stop(); // PGlite: one process per data directory
  const again = await startKinora({ ...demoEnv(), DATA_DIR: server.dataDir });
  try {
    const api2 = new Api(again.url);
    const token = (await api2.login("demo", "demo-password-1")).access;
    await new Promise((r) => setTimeout(r, 1000));
    assert.deepEqual((await demoBox(api2, token)).map((i) => i.boxId).sort(), items.map((i) => i.boxId).sort());
  } finally {
    await again.stop();
  }
});
