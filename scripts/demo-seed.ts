// Demo content for a first look at Kinora: a creator `demo` (password `demo-password-1`) with its
// profile and public page filled in, and a second user. Idempotent: a user that already exists is
// left as it is (its password may have been changed on purpose).
//
// It runs inside the server process (src/instrumentation.ts, when KINORA_DEMO=1, which
// scripts/up.sh sets), because only that process may open the embedded PGlite database.
import type { Db } from "@/server/db/client";
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
  }
}
