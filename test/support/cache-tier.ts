// The caching tier of the cluster test and bench/cache-tier.ts: nginx running
// ops/nginx/cache-tier.conf.template (the file docs/deploy.md ships) in front of Kinora's edges on loopback.
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { countedSecret } from "../../src/server/media/edge/live-layout.mjs";
import { NJS_MODULE } from "../../src/server/media/edge/nginx.mjs";
import { runNginxSite, type NginxSite } from "./nginx-site";

const root = path.resolve(import.meta.dirname, "../..");

export interface CacheTier extends NginxSite {
  /** Where it writes its byte log (kinora_media lines, one file per second). */
  mediaLogDir: string;
}

/** The tier on 127.0.0.1:`port` in front of the edges listening on `edgePorts`, checking signatures with `mediaKey`. */
export async function startCacheTier(port: number, edgePorts: number[], mediaKey: string): Promise<CacheTier> {
  const template = readFileSync(path.join(root, "ops/nginx/cache-tier.conf.template"), "utf8");
  const site = (prefix: string) => {
    mkdirSync(path.join(prefix, "media-log"), { recursive: true });
    return template
      .replaceAll("${EDGE_SERVERS}", edgePorts.map((p) => `server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join(" "))
      .replaceAll("${LISTEN}", `127.0.0.1:${port}`)
      .replaceAll("${CACHE_DIR}", path.join(prefix, "cache"))
      .replaceAll("${CACHE_MAX_SIZE}", "1g")
      .replaceAll("${MEDIA_AUTH_JS}", path.join(root, "src/server/media/edge/media-auth.js"))
      .replaceAll("${MEDIA_KEY}", mediaKey)
      .replaceAll("${COUNTED_SECRET}", countedSecret(mediaKey))
      .replaceAll("${MEDIA_LOG_DIR}", path.join(prefix, "media-log"));
  };
  const tier = await runNginxSite({ name: "cache-tier", port, site, preamble: `load_module ${NJS_MODULE};` });
  return { ...tier, mediaLogDir: path.join(tier.prefix, "media-log") };
}
