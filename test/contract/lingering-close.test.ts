// A refusal sent while the body is still arriving (413 on an image over 5 MB, announced by its
// Content-Length) must reach the client whole: the launcher closes such a connection lingering
// (src/server/http/lingering-close.mjs), reading and dropping what is still in flight instead of
// answering it with a TCP reset, which could discard the 413 before the client (or our nginx edge,
// which then answers 502) has read it. Talks to the Node launcher itself (NGINX=0), over a raw socket.
import assert from "node:assert/strict";
import net from "node:net";
import { after, before, test } from "node:test";
import { Api } from "../support/api";
import { startOwnKinora, type Kinora } from "../support/server";

let server: Kinora;

before(async () => {
  server = await startOwnKinora({ NGINX: "0" });
});
after(() => server?.stop());

test("a 413 answered mid-body arrives whole, and the rest of the body is taken without a reset", async () => {
  const api = new Api(server.url);
  const user = await api.newUser();
  const boundary = "lingering-boundary";
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="thumbnail"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const imageBytes = 6 * 1024 * 1024;
  const length = head.length + imageBytes + tail.length;
  const { port, hostname } = new URL(server.url);

  const outcome = await new Promise<{ response: string; writeError?: string; readError?: string; sent: number }>((resolve) => {
    const socket = net.connect(Number(port), hostname);
    let response = "";
    let writeError: string | undefined;
    let readError: string | undefined;
    let sent = 0;
    socket.on("data", (d) => (response += d.toString("latin1")));
    socket.on("error", (err) => (readError ??= err.message));
    socket.on("close", () => resolve({ response, writeError, readError, sent }));
    socket.write(
      `POST /api/thumbnail HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAuthorization: Bearer ${user.access}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${length}\r\n\r\n`,
    );
    socket.write(head);
    // the body goes on arriving after the answer, as a client that does not read before sending does
    const chunk = Buffer.alloc(64 * 1024, 7);
    const send = () => {
      if (socket.destroyed) return;
      if (sent >= imageBytes) return void socket.write(tail);
      sent += chunk.length;
      socket.write(chunk, (err) => {
        if (err) writeError ??= err.message;
        else setImmediate(send);
      });
    };
    send();
  });

  assert.match(outcome.response, /^HTTP\/1\.1 413 /, outcome.response.slice(0, 200));
  assert.match(outcome.response, /"message":"The image is larger than 5 MB"/);
  assert.equal(outcome.readError, undefined, "no reset while reading the answer");
  assert.equal(outcome.writeError, undefined, "what was still in flight was taken, not refused with a reset");
  // the server went on taking the body after its answer (before the fix: EPIPE as soon as it was written)
  assert.ok(outcome.sent >= 1024 * 1024, `${outcome.sent} bytes taken after the answer`);
});
