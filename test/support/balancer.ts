// The HTTP balancer of the cluster tests: nginx running ops/nginx/balancer.conf.template (the file
// docs/deploy.md ships) in front of web nodes on loopback.
import { readFileSync } from "node:fs";
import path from "node:path";
import { runNginxSite, type NginxSite } from "./nginx-site";

const root = path.resolve(import.meta.dirname, "../..");

export type Balancer = NginxSite;

/** The balancer on 127.0.0.1:`port` in front of the web nodes listening on `webPorts`. */
export function startBalancer(port: number, webPorts: number[]): Promise<Balancer> {
  const site = readFileSync(path.join(root, "ops/nginx/balancer.conf.template"), "utf8")
    .replaceAll("${WEB_SERVERS}", webPorts.map((p) => `server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join(" "))
    .replaceAll("${LISTEN}", `127.0.0.1:${port}`);
  return runNginxSite({ name: "balancer", port, site: () => site });
}
