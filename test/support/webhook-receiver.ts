// A webhook receiver on loopback for the tests (Kinora's deliveries go to it: the test servers allow
// private addresses), and the Standard Webhooks check of what it got (the `standardwebhooks` package).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

export interface Receiver {
  url: string;
  got: Received[];
  /** the status it answers from now on (200 at first) */
  status: { value: number };
  close(): Promise<void>;
}

/** A receiver that answers `status.value` and keeps every request it got. */
export async function startReceiver(): Promise<Receiver> {
  const got: Received[] = [];
  const status = { value: 200 };
  const server = http.createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (c: string) => (body += c));
    req.on("end", () => {
      got.push({ headers: req.headers, body, at: Date.now() });
      res.writeHead(status.value, { "Content-Type": "text/plain" }).end(status.value < 300 ? "ok" : "no");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hooks`, got, status, close: () => new Promise((r) => server.close(() => r())) };
}

export interface WebhookEvent {
  type: string;
  timestamp: string;
  data: any;
}

/** The event of a received delivery, verified with `secret` as the package does (throws when it does not verify). */
export function verified(secret: string, r: Received): WebhookEvent {
  const headers = {
    "webhook-id": String(r.headers["webhook-id"]),
    "webhook-timestamp": String(r.headers["webhook-timestamp"]),
    "webhook-signature": String(r.headers["webhook-signature"]),
  };
  return new Webhook(secret).verify(r.body, headers) as WebhookEvent;
}

/** The first delivery `secret` verifies whose event is `type` and matches `which`. */
export function eventOf(got: Received[], secret: string, type: string, which: (data: any) => boolean = () => true): Received | undefined {
  return got.find((r) => {
    try {
      const event = verified(secret, r);
      return event.type === type && which(event.data);
    } catch {
      return false; // another endpoint's (another secret)
    }
  });
}
