// Demo content for a first look at Kinora: a creator `demo` (password `demo-password-1`) with its
// profile and public page filled in and two videos in its box, published once processed (one free,
// one pay-per-view at 2,50 to try the sandbox checkout), and a second user. Idempotent: a user
// that already exists is left as it is (its password may have been changed on purpose), and the
// video is made only when the creator is (so a video deleted on purpose stays deleted).
//
// It runs inside the server process (src/instrumentation.ts, when KINORA_DEMO=1, which
// scripts/up.sh sets), because only that process may open the embedded PGlite database.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { DbAccess } from "@/server/db/client";
import { completeBoxUpload, localFileUpload } from "@/server/domain/box/complete-box-upload";
import { registerUser, registerUserInput } from "@/server/domain/users/register-user";
import { publishVod, publishVodInput } from "@/server/domain/vod/publish-vod";
import { parseInput } from "@/server/domain/shared/validation";
import { logger } from "@/server/log/logger.mjs";

interface DemoUser {
  userCode: string;
  password: string;
  firstName: string;
  lastName: string;
  birthDate: string; // yyyy-MM-dd
  page: { pageTitle: string; pageDescription: string; socialUrl1?: string; socialContact?: string; socialUrl2?: string };
}

export const DEMO_USERS: DemoUser[] = [
  {
    userCode: "demo",
    password: "demo-password-1",
    firstName: "Dana",
    lastName: "Demo",
    birthDate: "1990-04-12",
    page: {
      pageTitle: "Demo Studio",
      pageDescription: "Short documentaries and live sessions about cities, trains and the people who keep them running.",
      socialUrl1: "https://video.example.org/@demo",
      socialContact: "demo@example.org",
      socialUrl2: "https://social.example.org/@demo",
    },
  },
  {
    userCode: "demo-viewer",
    password: "demo-password-2",
    firstName: "Victor",
    lastName: "Viewer",
    birthDate: "1985-09-30",
    page: { pageTitle: "Victor watches", pageDescription: "A viewer who sometimes publishes travel clips." },
  },
];

export async function seedDemo(database: DbAccess): Promise<void> {
  const { db } = database;
  let creatorCreated = false;
  for (const demo of DEMO_USERS) {
    if (await db.user.findUnique({ where: { userCode: demo.userCode }, select: { id: true } })) continue;
    // Through the domain operation, so the demo users are made like any registered user.
    const input = registerUserInput.parse({
      userCode: demo.userCode,
      password: demo.password,
      passwordConfirm: demo.password,
      firstName: demo.firstName,
      lastName: demo.lastName,
      birthDate: demo.birthDate,
      email: `${demo.userCode}@kinora.local`,
      language: "en",
      conditionsAccepted: true,
    });
    await registerUser({ actor: { kind: "anonymous" }, ...database }, input);
    await db.user.update({ where: { userCode: demo.userCode }, data: demo.page });
    if (demo.userCode === "demo") creatorCreated = true;
  }
  // in the background: the portal serves while ffmpeg makes the clip and the worker processes it
  if (creatorCreated) void seedDemoVideo(database).catch((err) => logger().warn({ err }, "demo video skipped"));
}

interface DemoClip {
  file: string;
  /** ffmpeg's lavfi sources of the picture and the sound */
  video: string;
  audio: string;
  fields: { title: string; description: string; tags: string[] };
  /** How it is published once READY (the vod publish body). */
  vod: Record<string, unknown>;
}

/** Made by ffmpeg at first start (nothing binary in the repository). */
const DEMO_CLIPS: DemoClip[] = [
  {
    file: "test-pattern.mp4",
    video: "testsrc2=size=1280x720:rate=30:duration=20",
    audio: "sine=frequency=330:sample_rate=48000:duration=20",
    fields: { title: "Test pattern", description: "A demo video made at first start.", tags: ["demo"] },
    vod: { licenseType: "FREE" },
  },
  {
    file: "colour-bars.mp4",
    video: "smptehdbars=size=640x360:rate=25:duration=10",
    audio: "sine=frequency=1000:sample_rate=48000:duration=10",
    fields: { title: "Colour bars", description: "A pay-per-view demo: buy it through the sandbox checkout.", tags: ["demo"] },
    vod: { licenseType: "PAY_PER_VIEW", pricePerView: "2.50" },
  },
];

const clipArgs = (c: DemoClip, out: string) => [
  ...["-hide_banner", "-loglevel", "error", "-nostdin", "-y"],
  ...["-f", "lavfi", "-i", c.video],
  ...["-f", "lavfi", "-i", c.audio],
  ...["-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", "-g", "60", "-c:a", "aac", "-shortest"],
  ...["-movflags", "+faststart", out],
];

/** The demo creator's videos, uploaded like any other (the job worker processes them), then published. */
export async function seedDemoVideo(database: DbAccess): Promise<void> {
  const { db } = database;
  const demo = await db.user.findUnique({ where: { userCode: "demo" }, select: { id: true } });
  if (!demo) return;
  const ctx = { actor: { kind: "user" as const, userId: demo.id, clientId: "www" }, ...database };
  const items = [];
  for (const c of DEMO_CLIPS) items.push({ boxId: (await uploadDemoClip(ctx, c)).boxId, vod: c.vod });
  for (const item of items) await publishWhenReady(ctx, item.boxId, item.vod);
}

async function uploadDemoClip(ctx: Parameters<typeof completeBoxUpload>[0], c: DemoClip) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "kinora-demo-"));
  try {
    const clip = path.join(dir, c.file);
    const making = promisify(execFile)("ffmpeg", clipArgs(c, clip), { timeout: 120_000 });
    // a server stopped meanwhile takes its ffmpeg and the half-made clip along (nobody would remove them)
    const kill = () => {
      making.child.kill("SIGKILL");
      rmSync(dir, { recursive: true, force: true });
    };
    process.once("exit", kill);
    try {
      await making;
    } finally {
      process.off("exit", kill);
    }
    return await completeBoxUpload(ctx, await localFileUpload(clip), { filename: c.file, mimeType: "video/mp4", fields: c.fields });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Publishes a demo item once the worker made it READY (gives up after 10 minutes, or when it FAILED). */
async function publishWhenReady(ctx: Parameters<typeof publishVod>[0], boxId: string, vod: Record<string, unknown>): Promise<void> {
  for (let waited = 0; waited < 600_000; waited += 1000) {
    const item = await ctx.db.boxItem.findUnique({ where: { id: boxId }, select: { status: true } });
    if (!item || item.status === "FAILED") return;
    if (item.status === "READY") {
      await publishVod(ctx, parseInput(publishVodInput, { ...vod, boxId }));
      return;
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
}
