// Demo mode (KINORA_DEMO=1, as scripts/up.sh starts it) seeds logins everybody knows, so the launcher
// and its nginx edge listen on 127.0.0.1 unless HOST is set. Checked from this machine: a connection
// to another of its addresses (its first non-loopback IPv4, else 127.0.0.2: all of 127/8 is local) is
// refused, and accepted once HOST=0.0.0.0. The demo video is made in the background after the start:
// nothing here waits for it. The bind does not depend on the database: the server runs on PGlite in
// its own DATA_DIR, in the PGlite half of the suite only.
import assert from "node:assert/strict";
import http from "node:http";
import os from "node:os";
import { after, test } from "node:test";
import { startKinora, type Kinora } from "../support/server";

let server: Kinora | undefined;
after(async () => server?.stop());

/** An address of this machine that is not 127.0.0.1. */
function otherAddress(): string {
  for (const list of Object.values(os.networkInterfaces()))
    for (const a of list ?? []) if (a.family === "IPv4" && !a.internal) return a.address;
  return "127.0.0.2";
}

/** GET /healthz at host:port: the HTTP status, or the connection error's code. */
function probe(host: string, port: number): Promise<number | string> {
  return new Promise((resolve) => {
    const req = http.get({ host, port, path: "/healthz", agent: false, timeout: 5000 }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("timeout", () => req.destroy(Object.assign(new Error("timeout"), { code: "TIMEOUT" })));
    req.on("error", (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
  });
}

const portOf = (k: Kinora) => Number(new URL(k.url).port);

/** The message of the launcher's "Kinora ready on ..." log line (logged once its edge answers, so it may follow /healthz by a moment). */
const messageOf = (line: string): string | undefined => {
  try {
    return (JSON.parse(line) as { msg?: string }).msg; // JSON lines (docs/operations.md "Logs")
  } catch {
    return undefined;
  }
};

async function readyLine(k: Kinora): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const line = k.output!()
      .split("\n")
      .map(messageOf)
      .find((message) => message?.startsWith("Kinora ready on "));
    if (line) return line;
    await new Promise((r) => setTimeout(r, 100));
  }
  return k.output!();
}

test(
  "demo mode listens on 127.0.0.1 only, unless HOST is set",
  { skip: process.env.DATABASE_URL ? "the bind does not depend on the database: checked in the PGlite half" : false },
  async () => {
    const other = otherAddress();
    server = await startKinora({ KINORA_DEMO: "1", HOST: undefined, PUBLIC_URL: undefined, DATABASE_URL: undefined });
    assert.equal(await probe("127.0.0.1", portOf(server)), 200);
    // without PUBLIC_URL the launcher prints the address it listens on
    assert.match(await readyLine(server), new RegExp(`Kinora ready on http://127\\.0\\.0\\.1:${portOf(server)} `));
    assert.equal(await probe(other, portOf(server)), "ECONNREFUSED", `demo server reachable at ${other}`);
    // and the demo login exists (this is the server it protects)
    const token = await fetch(`${server.url}/oauth/token`, {
      method: "POST",
      headers: { Authorization: `Basic ${Buffer.from("www:").toString("base64")}`, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "password", username: "demo", password: "demo-password-1" }),
    });
    assert.equal(token.status, 200, await token.text());

    await server.stop(); // PGlite: one process per data directory
    const port = portOf(server);
    const publicUrl = `http://localhost:${port}`;
    server = await startKinora({
      KINORA_DEMO: "1",
      HOST: "0.0.0.0",
      PORT: String(port),
      PUBLIC_URL: publicUrl,
      DATABASE_URL: undefined,
      DATA_DIR: server.dataDir,
    });
    // with PUBLIC_URL it prints PUBLIC_URL, the address the mail links and absolute URLs use
    assert.match(await readyLine(server), new RegExp(`Kinora ready on ${publicUrl} `));
    assert.equal(await probe(other, portOf(server)), 200, `HOST=0.0.0.0 not reachable at ${other}`);
    assert.equal(await probe("127.0.0.1", portOf(server)), 200);
  },
);
