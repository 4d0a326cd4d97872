// A PostgreSQL connection of this process's own that LISTENs on one channel (cluster-events.ts):
// notifications go to `onMessage`; when the connection breaks it is opened again (after 1 s, then up
// to every 10 s), and `onReconnected` says that notifications may have been missed meanwhile.
import pg from "pg";
import { logger } from "@/server/log/logger.mjs";

export async function listenPostgres(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  onReconnected: () => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  const connect = async () => {
    const c = new pg.Client({ connectionString: url });
    c.on("notification", (n) => n.channel === channel && n.payload !== undefined && onMessage(n.payload));
    c.on("error", () => undefined); // "end" follows
    c.on("end", () => {
      if (client !== c || closed) return;
      client = undefined;
      logger().warn(`the connection listening on ${channel} was lost: opening another`);
      retry(1000);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
    } catch (err) {
      await c.end().catch(() => undefined);
      throw err;
    }
    client = c;
  };
  const retry = (ms: number) => {
    timer = setTimeout(() => {
      if (closed) return;
      connect().then(
        () => (closed ? void client?.end().catch(() => undefined) : onReconnected()),
        () => retry(Math.min(ms * 2, 10_000)),
      );
    }, ms);
    timer.unref();
  };
  await connect();
  return async () => {
    closed = true;
    clearTimeout(timer);
    await client?.end().catch(() => undefined);
  };
}
