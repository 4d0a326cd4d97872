// The HTTP balancer of the cluster tests: nginx running ops/nginx/balancer.conf.template (the file
// docs/deploy.md ships) in front of web nodes on loopback, started like our own nginx (runNginx: it
// stops when this process ends).
import { mkdirSync, mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { findNginx, runNginx } from "../../src/server/media/edge/nginx.mjs";

const root = path.resolve(import.meta.dirname, "../..");

export interface Balancer {
  url: string;
  stop(): Promise<void>;
}

/** The balancer on 127.0.0.1:`port` in front of the web nodes listening on `webPorts`. */
export async function startBalancer(port: number, webPorts: number[]): Promise<Balancer> {
  const nginx = findNginx({ ...process.env, NGINX: "1" });
  if (!nginx.ok) throw new Error(`the balancer needs nginx: ${nginx.reason}`);
  const site = readFileSync(path.join(root, "ops/nginx/balancer.conf.template"), "utf8")
    .replaceAll("${WEB_SERVERS}", webPorts.map((p) => `server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join(" "))
    .replaceAll("${LISTEN}", `127.0.0.1:${port}`);
  const prefix = mkdtempSync(path.join(os.tmpdir(), "kinora-balancer-"));
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((dir) => path.join(prefix, "tmp", dir));
  for (const dir of temp) mkdirSync(dir, { recursive: true });
  const config = `${process.getuid?.() === 0 ? "user root root;" : ""}
daemon off;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log stderr warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${temp[0]};
  proxy_temp_path ${temp[1]};
  fastcgi_temp_path ${temp[2]};
  uwsgi_temp_path ${temp[3]};
  scgi_temp_path ${temp[4]};
${site}
}
`;
  const running = await runNginx({ binary: nginx.binary, name: "balancer", prefix, config, host: "127.0.0.1", port });
  return { url: `http://127.0.0.1:${port}`, stop: () => running.stop() };
}
