// Demo content for a first look at Kinora: a creator `demo` (password `demo-password-1`) with its
// profile and public page filled in and a video in its box, and a second user. Idempotent: a user
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
import type { Db } from "@/server/db/client";
import { completeBoxUpload } from "@/server/domain/box/complete-box-upload";
import { registerUser, registerUserInput } from "@/server/domain/users/register-user";

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

export async function seedDemo(db: Db): Promise<void> {
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
    await registerUser({ actor: { kind: "anonymous" }, db }, input);
    await db.user.update({ where: { userCode: demo.userCode }, data: demo.page });
    if (demo.userCode === "demo") creatorCreated = true;
  }
  // in the background: the portal serves while ffmpeg makes the clip and the worker processes it
  if (creatorCreated) void seedDemoVideo(db).catch((err) => console.warn("demo video skipped:", err instanceof Error ? err.message : err));
}

/** A 20 s 720p test pattern with a tone, made by ffmpeg (nothing binary in the repository). */
const DEMO_CLIP_ARGS = (out: string) => [
  ...["-hide_banner", "-loglevel", "error", "-nostdin", "-y"],
  ...["-f", "lavfi", "-i", "testsrc2=size=1280x720:rate=30:duration=20"],
  ...["-f", "lavfi", "-i", "sine=frequency=330:sample_rate=48000:duration=20"],
  ...["-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", "-g", "60", "-c:a", "aac", "-shortest"],
  ...["-movflags", "+faststart", out],
];

/** The demo creator's first video, uploaded like any other (the job worker then processes it). */
export async function seedDemoVideo(db: Db): Promise<void> {
  const demo = await db.user.findUnique({ where: { userCode: "demo" }, select: { id: true } });
  if (!demo) return;
  const dir = mkdtempSync(path.join(os.tmpdir(), "kinora-demo-"));
  try {
    const clip = path.join(dir, "test-pattern.mp4");
    const making = promisify(execFile)("ffmpeg", DEMO_CLIP_ARGS(clip), { timeout: 120_000 });
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
    await completeBoxUpload(
      { actor: { kind: "user", userId: demo.id, clientId: "www" }, db },
      {
        localPath: clip,
        filename: "test-pattern.mp4",
        mimeType: "video/mp4",
        fields: { title: "Test pattern", description: "A demo video made at first start.", tags: ["demo"] },
      },
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
