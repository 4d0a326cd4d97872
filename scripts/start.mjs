// Production launcher (`npm start`): one Node process serving Next (portal, tRPC, REST, OAuth) on
// PORT (default 3000) with its data under DATA_DIR (default ./data).
// Why not plain `next start`: Next keeps a client-sent X-Forwarded-For, which would let anyone pick
// the address that rate limits count. Here the socket's address is authoritative; only with
// TRUST_PROXY=1 (behind our nginx edge or a load balancer) is the proxy's X-Forwarded-For kept.
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import next from "next";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const port = Number(process.env.PORT ?? 3000);
const hostname = process.env.HOST ?? "0.0.0.0";
const trustProxy = process.env.TRUST_PROXY === "1" || process.env.TRUST_PROXY === "true";
process.env.NODE_ENV = "production";

const app = next({ dev: false, dir: root, hostname, port });
await app.prepare();
const handle = app.getRequestHandler();

const server = http.createServer((req, res) => {
  const peer = req.socket.remoteAddress ?? "";
  if (!trustProxy || !req.headers["x-forwarded-for"]) req.headers["x-forwarded-for"] = peer;
  delete req.headers["x-real-ip"];
  handle(req, res).catch((err) => {
    console.error("request failed:", err);
    if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain" });
    res.end("Internal Server Error");
  });
});
server.keepAliveTimeout = 65_000;
server.listen(port, hostname, () => console.log(`Kinora ready on http://${hostname === "0.0.0.0" ? "localhost" : hostname}:${port}`));

const shutdown = () => server.close(() => process.exit(0));
process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);
