// An nginx of the tests running one of the sites ops/nginx ships (the balancer, the caching tier) on
// loopback: the site inside a minimal http block with its own prefix, started like our own nginx
// (runNginx: it stops when this process ends).
import { mkdirSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { findNginx, runNginx } from "../../src/server/media/edge/nginx.mjs";

export interface NginxSite {
  url: string;
  /** Its own directory (temporary files, pid, whatever the site keeps there). */
  prefix: string;
  stop(): Promise<void>;
}

/**
 * Runs `site(prefix)` (the inside of an http block, given the prefix it may keep files under) on
 * 127.0.0.1:`port`; `preamble` goes before the events block (load_module lines).
 */
export async function runNginxSite(o: {
  name: string;
  port: number;
  site: (prefix: string) => string;
  preamble?: string;
}): Promise<NginxSite> {
  const nginx = findNginx({ ...process.env, NGINX: "1" });
  if (!nginx.ok) throw new Error(`the ${o.name} needs nginx: ${nginx.reason}`);
  const prefix = mkdtempSync(path.join(os.tmpdir(), `kinora-${o.name}-`));
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((dir) => path.join(prefix, "tmp", dir));
  for (const dir of temp) mkdirSync(dir, { recursive: true });
  const config = `${o.preamble ?? ""}
${process.getuid?.() === 0 ? "user root root;" : ""}
daemon off;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log stderr warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${temp[0]};
  proxy_temp_path ${temp[1]};
  fastcgi_temp_path ${temp[2]};
  uwsgi_temp_path ${temp[3]};
  scgi_temp_path ${temp[4]};
${o.site(prefix)}
}
`;
  const running = await runNginx({ binary: nginx.binary, name: o.name, prefix, config, host: "127.0.0.1", port: o.port });
  return { url: `http://127.0.0.1:${o.port}`, prefix, stop: () => running.stop() };
}
