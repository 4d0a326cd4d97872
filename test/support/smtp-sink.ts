import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { SMTPServer } from "smtp-server";

/**
 * A real SMTP server on loopback that stores every received message as an .eml file in `dir`,
 * so tests in any process can read the mail Kinora sent (test double at the edge of the world).
 */
export async function startSmtpSink(dir: string, port = 0): Promise<{ port: number; close(): Promise<void> }> {
  mkdirSync(dir, { recursive: true });
  let seq = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const rcpt = session.envelope.rcptTo.map((r) => r.address).join(",");
        writeFileSync(
          path.join(dir, `${Date.now()}-${process.pid}-${seq++}.eml`),
          `X-Test-Rcpt: ${rcpt}\r\n${Buffer.concat(chunks).toString("utf8")}`,
        );
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const address = server.server.address() as { port: number };
  return { port: address.port, close: () => new Promise((r) => server.close(() => r())) };
}
