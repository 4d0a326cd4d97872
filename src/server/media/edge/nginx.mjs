// The nginx edge started by the launcher (scripts/start.mjs): it listens on PORT, serves signed
// /media URLs straight from local storage (sendfile) after an njs HMAC check (media-auth.js), logs
// the bytes of each media response for the band meter (media-log.mjs), and proxies everything else
// to Next on a loopback port. Its configuration is generated at every start into
// DATA_DIR/nginx/nginx.conf (mode 0600: it holds the media key); nothing is read from /etc/nginx.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createInterface } from "node:readline";
import { logger } from "../../log/logger.mjs";
import { MEDIA_TYPES } from "./media-url.mjs";
import { countedSecret } from "./live-layout.mjs";

export const NJS_MODULE = "/usr/lib/nginx/modules/ngx_http_js_module.so";
const AUTH_SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), "media-auth.js");
const ERROR_SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), "error-body.js");

/** The nginx binary to run (NGINX_BINARY, else Debian's), or why there is none (`packages`: what to install). */
export function nginxBinary(env, packages) {
  if (env.NGINX_BINARY)
    return existsSync(env.NGINX_BINARY) ? { binary: env.NGINX_BINARY } : { reason: `NGINX_BINARY ${env.NGINX_BINARY} does not exist` };
  const binary = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((p) => existsSync(p));
  return binary ? { binary } : { reason: `nginx is not installed (apt-get install ${packages})` };
}

/** Where nginx is found, or why it cannot be used (NGINX=0, no binary, no njs module). */
export function findNginx(env) {
  const setting = String(env.NGINX ?? "auto").toLowerCase();
  if (["0", "false", "no", "off"].includes(setting)) return { ok: false, required: false, reason: "NGINX=0" };
  const required = ["1", "true", "yes", "on"].includes(setting);
  const { binary, reason } = nginxBinary(env, "nginx libnginx-mod-http-js");
  if (!binary) return { ok: false, required, reason };
  if (!existsSync(NJS_MODULE))
    return { ok: false, required, reason: `njs module missing: ${NJS_MODULE} (apt-get install libnginx-mod-http-js)` };
  return { ok: true, required, binary };
}

const listenAddress = (host, port) => (host.includes(":") && !host.startsWith("[") ? `[${host}]:${port}` : `${host}:${port}`);

/**
 * The configuration text. Decisions:
 * - /media/ is matched on nginx's normalized $uri, but media-auth.js checks the raw $request_uri
 *   and wants it equal to $uri, so escapes and dot segments never reach a file; a raw /media/ path
 *   that normalizes elsewhere is refused in the proxy location (403, like Node).
 * - a file is named by the regex captures (alias), never by the URI: tree, media home (owner,
 *   item) and file, all checked by the signature first; the band log names the signed band owner.
 *   Only files with a media extension can match, so no directory is ever listed or redirected to
 *   (autoindex is off anyway); all else under /media/ is 403.
 * - media responses are logged (format kinora_media) into a file named by the clock
 *   (media-log.mjs), for the band meter.
 * - every request has an id (docs/operations.md "Request ids"): a well-formed X-Request-Id the
 *   client sent, else nginx's $request_id; it is passed to the app (which logs with it) and returned
 *   in X-Request-Id on every response, media and nginx's own errors included (`always`).
 * - with `beaconPort`, POST /api/public/analytics/beacons goes to the launcher's beacon thread
 *   (scripts/beacon-thread.mjs), which answers the players' batches without the main thread.
 * - every request is logged as one JSON line (format kinora_json) into `accessLog` (default
 *   DATA_DIR/nginx/access.log; "stdout": the launcher's output; "off": none): its id, the path
 *   without the query and, for a signed media URL, without its signature; never a header or a
 *   referrer (either may hold a secret).
 * - the proxy passes bodies and responses through unbuffered (uploads stream into the app, which
 *   enforces sizes: client_max_body_size 0), and sets X-Forwarded-For to the peer, X-Forwarded-Host
 *   to the Host header and X-Forwarded-Proto to the scheme; with TRUST_PROXY (a load balancer in
 *   front) it takes the client from the balancer's X-Forwarded-For, and the balancer's
 *   X-Forwarded-Host and -Proto when it sends them (the app builds absolute URLs from them).
 * - with S3 storage nginx cannot read files: it checks the signature and proxies /media to Node,
 *   which streams from the bucket and logs the bytes itself.
 * - a live file missing here goes to Node, which fetches it from the ingest node that has it
 *   (media-node.mjs serveLiveElsewhere); bytes fetched by an edge or caching tier in front (known by
 *   a secret header) are not counted in the band here: the one in front counts them. `liveOnly` (an ingest node without the web role) serves the live tree only.
 * - running as root (containers, CI), the workers must be root too: storage and DATA_DIR are
 *   private to the user running Kinora (mkdtemp, umask), and nginx's default `nobody` could not read them.
 */
export function nginxConfig(o) {
  const { prefix, host, port, appPort, beaconPort, storageRoot, logDir, key, trustProxy, s3, isRoot, liveOnly, workers = "auto" } = o;
  const accessLog = (indent) => edgeAccessLog(o.accessLog, prefix, indent);
  const types = Object.entries(MEDIA_TYPES)
    .map(([ext, type]) => `    ${type} ${ext};`)
    .join("\n");
  const mediaHeaders = `
        add_header X-Request-Id $kinora_request_id always;
        add_header Cache-Control $media_cache_control;
        add_header Access-Control-Allow-Origin *;
        add_header X-Content-Type-Options nosniff;`;
  const fromStorage = (aliasPath) => `
        if ($media_ok != "1") { return 403; }
        alias ${storageRoot}/${aliasPath};
        access_log ${logDir}/nginx-$media_bucket.log kinora_media if=$media_counted;${accessLog("        ")}${mediaHeaders}`;
  // a live channel's HLS (the RTMP ingest writes it on local disk, also with S3 storage); a file this
  // disk lacks may be on another ingest node's: Node finds it there (media-node.mjs serveLiveElsewhere)
  const liveLocation = `
      location ~ "^/media/[^/]+/[^/]+/live/(?<media_band_owner>[^/]+)/(?<media_owner>[^/]+)/(?<media_box>[^/]+)/(?<media_file>.+)$" {
        error_page 403 = @kinora_refused;
        error_page 404 = @kinora_live_elsewhere;${fromStorage("live/$media_owner/$media_box/$media_file")}
      }`;
  // a cast channel's playlists are rendered by Node (media-node.mjs), the signature checked here first
  const castLocation = `
      location ~ "^/media/[^/]+/[^/]+/cast/" {
        if ($media_ok != "1") { return 403; }
        proxy_pass http://kinora_app;
        include ${prefix}/proxy.conf;
      }`;
  const mediaLocations = liveOnly
    ? liveLocation
    : s3
      ? `${castLocation}${liveLocation}
      location ~ "^/media/" {
        if ($media_ok != "1") { return 403; }
        proxy_pass http://kinora_app;
        include ${prefix}/proxy.conf;
      }`
      : `${castLocation}${liveLocation}
      location ~ "^/media/[^/]+/[^/]+/(?<media_tree>hls|preview)/(?<media_band_owner>[^/]+)/(?<media_owner>[^/]+)/(?<media_box>[^/]+)/(?<media_file>.+)$" {${fromStorage("box/$media_owner/$media_box/$media_tree/$media_file")}
      }
      location ~ "^/media/[^/]+/[^/]+/poster/(?<media_band_owner>[^/]+)/(?<media_owner>[^/]+)/(?<media_box>[^/]+)/poster\\.jpg$" {${fromStorage("box/$media_owner/$media_box/poster.jpg")}
      }`;
  return `# Generated by scripts/start.mjs at every start (src/server/media/edge/nginx.mjs): edits are lost.
load_module ${NJS_MODULE};
${isRoot ? "user root root;" : "# workers run as the user who started Kinora"}
daemon off;
worker_processes ${workers};
pid ${prefix}/nginx.pid;
# to the launcher, which logs each line as JSON with the shapes of secrets scrubbed (an error line
# quotes the request line: a signed media path, a query's access_token)
error_log stderr warn;

events {
  worker_connections 4096;
}

http {
  types {
${types}
  }
  default_type application/octet-stream;
  # before any map: the counted-in-front secret (64 characters, below) is a longer key than the default buckets hold
  map_hash_bucket_size 128;
  sendfile on;
  tcp_nopush on;
  tcp_nodelay on;
  keepalive_timeout 65s;
  server_tokens off;
  access_log off;
  client_body_temp_path ${prefix}/tmp/client_body;
  proxy_temp_path ${prefix}/tmp/proxy;
  fastcgi_temp_path ${prefix}/tmp/fastcgi;
  uwsgi_temp_path ${prefix}/tmp/uwsgi;
  scgi_temp_path ${prefix}/tmp/scgi;

  js_import media from ${AUTH_SCRIPT};
  js_import errors from ${ERROR_SCRIPT};
  js_set $kinora_error_body errors.body;
  js_set $media_ok media.verify;
  js_var $media_key ${key};

  log_format kinora_media '$msec $media_band_owner $body_bytes_sent $status';
  log_format kinora_json escape=json '{"time":"$time_iso8601","source":"edge","requestId":"$kinora_request_id",'
    '"method":"$request_method","path":"$kinora_log_path","status":$status,"bytes":$body_bytes_sent,'
    '"durationSeconds":$request_time,"upstreamSeconds":"$upstream_response_time","remote":"$remote_addr",'
    '"userAgent":"$http_user_agent"}';
  # one request line per request: the edge writes those it answers itself (media it serves, its own
  # refusals and errors, an app that did not answer); the app writes its own for what it answers
  map $upstream_status $kinora_edge_line {
    "" 1;
    "~(^|[ ,])50[24]$" 1;
    default 0;
  }
  # the request id: a well-formed one the client sent (as the app's request-context.mjs accepts), else nginx's own
  map $http_x_request_id $kinora_request_id {
    "~^[A-Za-z0-9._-]{8,128}$" $http_x_request_id;
    default $request_id;
  }
  # the path as logged: never the query ($uri has none), and a signed media path without its signature
  map $uri $kinora_log_path {
    "~^(?<log_media>/media/[^/]+/)[^/]+(?<log_rest>/.*)?$" "\${log_media}-\${log_rest}";
    default $uri;
  }
  open_log_file_cache max=8 inactive=60s valid=10s;
  map $msec $media_bucket {
    "~^(?<bucket>\\d+)\\d{3}\\." $bucket;
    default 0;
  }
  map $uri $media_cache_control {
    "~\\.m3u8$" "private, no-cache";
    "~^/media/[^/]+/[^/]+/live/" "private, max-age=60";
    "~\\.jpg$" "private, max-age=3600";
    default "private, max-age=31536000, immutable";
  }
  # an edge or caching tier in front fetching for its viewer (live-layout.mjs countedSecret): it counts the bytes
  map $http_x_kinora_counted $media_counted {
    "${countedSecret(key)}" 0;
    default 1;
  }
  map $request_uri $media_raw {
    "~^/media/" 1;
    default 0;
  }
${trustProxy ? trustedProxyMaps : ""}
  upstream kinora_app {
    server 127.0.0.1:${appPort};
    keepalive 64;
  }${
    beaconPort && !liveOnly
      ? `
  # the players' analytics beacons: POSTed to the launcher's beacon thread (scripts/beacon-thread.mjs)
  upstream kinora_beacons {
    server 127.0.0.1:${beaconPort};
    keepalive 64;
  }
  map $request_method $kinora_beacon_upstream {
    POST kinora_beacons;
    default kinora_app;
  }`
      : ""
  }

  server {
    listen ${listenAddress(host, port)} default_server;
    server_name _;
    client_max_body_size 0;
    add_header X-Request-Id $kinora_request_id always;${accessLog("    ")}

    # what nginx refuses itself (unparsable request, URL or headers over its limits) answers the REST
    # error body too; the app's own errors pass through untouched (proxy_intercept_errors is off)
    # (a URI, not a named location: a request line nginx could not parse has no URI to redirect with)
    error_page 400 494 /.kinora-error/400;
    error_page 405 /.kinora-error/405;
    error_page 414 /.kinora-error/414;
    location = /.kinora-error/400 { internal; default_type "application/json;charset=UTF-8"; return 400 $kinora_error_body; }
    location = /.kinora-error/405 { internal; default_type "application/json;charset=UTF-8"; return 405 $kinora_error_body; }
    location = /.kinora-error/414 { internal; default_type "application/json;charset=UTF-8"; return 414 $kinora_error_body; }

    # what nginx refuses with 403 (a signed media URL with a bad, expired or early signature; a
    # malformed media path) is answered by Node's media server, which refuses it the same way and
    # counts the reason (kinora_edge_refusals_total, docs/operations.md "Metrics"): nginx keeps no
    # counters. Refusals are rare; a valid URL never leaves nginx.
    error_page 403 = @kinora_refused;
    location @kinora_refused {
      proxy_pass http://kinora_app;
      include ${prefix}/proxy.conf;
    }
    location @kinora_live_elsewhere {
      proxy_pass http://kinora_app;
      include ${prefix}/proxy.conf;
    }

    location = /media {
      return 403;
    }

    # the RTMP ingest's callbacks (src/app/internal): nginx-rtmp calls the app on its loopback port
    location ^~ /internal/ {
      return 404;
    }

    location ^~ /media/ {${mediaLocations}
      return 403;
    }

${
  beaconPort && !liveOnly
    ? `    location ~ "^/api/public/analytics/beacons/?$" {
      proxy_pass http://$kinora_beacon_upstream;
      include ${prefix}/proxy.conf;
    }

`
    : ""
}    location / {${
    liveOnly
      ? `
      # an ingest node without the web role: its edge serves the live tree to the other nodes' edges, nothing else
      return 404;`
      : `
      if ($media_raw) { return 403; }
      proxy_pass http://kinora_app;
      include ${prefix}/proxy.conf;`
  }
    }
  }
}
`;
}

// With TRUST_PROXY: the balancer's client address, host and scheme, else this connection's own.
const trustedProxyMaps = `  set_real_ip_from 0.0.0.0/0;
  set_real_ip_from ::/0;
  real_ip_header X-Forwarded-For;
  map $http_x_forwarded_host $forwarded_host {
    "" $http_host;
    default $http_x_forwarded_host;
  }
  map $http_x_forwarded_proto $forwarded_proto {
    "" $scheme;
    default $http_x_forwarded_proto;
  }
`;

/**
 * The access_log directive of the JSON request log: a file (default DATA_DIR/nginx/access.log),
 * "stdout" or "off", for the requests the edge answers itself (the app logs its own: one line per
 * request). Lines are written 64 KB at a time, and at least every second: a write per request was a
 * system call on every request's path (docs/perf.md "Operations overhead").
 */
function edgeAccessLog(setting, prefix, indent) {
  const value = String(setting ?? "").trim();
  if (value === "off") return "";
  const target = value === "stdout" ? "/dev/stdout" : value || `${prefix}/access.log`;
  return `\n${indent}access_log ${target} kinora_json buffer=64k flush=1s if=$kinora_edge_line;`;
}

function proxyConfig(trustProxy) {
  return `# Generated with nginx.conf: how requests are passed to the app.
proxy_http_version 1.1;
# the request's id (the app logs with it and sends it back: nginx adds it to every response itself)
proxy_set_header X-Request-Id $kinora_request_id;
proxy_hide_header X-Request-Id;
proxy_set_header Connection "";
proxy_set_header Host $http_host;
proxy_set_header X-Forwarded-For ${trustProxy ? "$proxy_add_x_forwarded_for" : "$remote_addr"};
proxy_set_header X-Forwarded-Host ${trustProxy ? "$forwarded_host" : "$http_host"};
proxy_set_header X-Forwarded-Proto ${trustProxy ? "$forwarded_proto" : "$scheme"};
proxy_set_header X-Real-IP "";
proxy_buffering off;
proxy_request_buffering off;
# uploads stream through in 1 MiB reads instead of the default 16 KiB (fewer, larger writes to Node)
client_body_buffer_size 1m;
proxy_max_temp_file_size 0;
proxy_read_timeout 3600s;
proxy_send_timeout 3600s;
proxy_redirect off;
`;
}

const NGINX_LEVELS = { emerg: "fatal", alert: "fatal", crit: "error", error: "error", warn: "warn", notice: "info", info: "info" };

/**
 * nginx's error log (`error_log stderr`), one JSON line per entry through the logger: its level
 * mapped, `source` naming the nginx (the edge, the RTMP ingest), secrets scrubbed like every line.
 */
function logNginxErrors(stderr, source) {
  createInterface({ input: stderr }).on("line", (line) => {
    const level = NGINX_LEVELS[/^\S+ \S+ \[(\w+)\]/.exec(line)?.[1] ?? "error"] ?? "error";
    logger()[level]({ source: `nginx-${source}` }, line);
  });
}

/** Ends an nginx left running by a launcher that died (its pid file names a live nginx with our configuration). */
function stopStale(prefix, confPath) {
  const pidFile = path.join(prefix, "nginx.pid");
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, "utf8").trim());
  if (!Number.isInteger(pid) || pid <= 1) return;
  let cmdline = "";
  try {
    cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8");
  } catch {
    return; // not running
  }
  if (!cmdline.includes("nginx") || !cmdline.includes(confPath)) return;
  process.kill(pid, "SIGTERM");
  const deadline = Date.now() + 3000;
  while (Date.now() < deadline && existsSync(`/proc/${pid}`)) spawnSync("sleep", ["0.05"]);
}

/**
 * Resolves once host:port can be listened on, within timeoutMs (an nginx of ours ending may still
 * hold it a moment), else rejects naming the port. Without this, a socket of another process on
 * that port would answer waitListening's connect while nginx fails to bind, and the start would be
 * taken for a success (an RTMP publish then reaches whatever listens there).
 */
function waitPortFree(host, port, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const probe = net.createServer();
      probe.once("error", (err) => {
        if (err.code !== "EADDRINUSE") return reject(err);
        if (Date.now() > deadline) reject(new Error(`port ${port} is in use by another process (${host}:${port})`));
        else setTimeout(attempt, 100);
      });
      probe.listen({ host: host.replace(/^\[|\]$/g, ""), port, exclusive: true }, () => probe.close(() => resolve()));
    };
    attempt();
  });
}

function waitListening(host, port, child, timeoutMs) {
  const target = host === "0.0.0.0" ? "127.0.0.1" : host === "::" ? "::1" : host;
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      if (child.exitCode !== null) return reject(new Error(`nginx exited with ${child.exitCode}`));
      const socket = net.connect({ host: target, port });
      socket.once("connect", () => {
        socket.destroy();
        resolve();
      });
      socket.once("error", () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`nginx not listening on ${host}:${port} after ${timeoutMs} ms`));
        else setTimeout(attempt, 50);
      });
    };
    attempt();
  });
}

/**
 * Writes the configuration and starts nginx as a child (runNginx). Resolves once it accepts
 * connections on host:port.
 */
export async function startNginx(o) {
  for (const dir of ["tmp/client_body", "tmp/proxy", "tmp/fastcgi", "tmp/uwsgi", "tmp/scgi"])
    mkdirSync(path.join(o.prefix, dir), { recursive: true });
  mkdirSync(o.logDir, { recursive: true });
  return runNginx({
    binary: o.binary,
    prefix: o.prefix,
    config: nginxConfig(o),
    files: { "proxy.conf": proxyConfig(o.trustProxy) },
    host: o.host,
    port: o.port,
  });
}

/**
 * Runs one nginx of ours (`name`: edge or rtmp, the `source` of its error lines in the launcher's
 * log: it writes its error log to stderr, `error_log stderr`): writes `config` (and `files`, mode 0600: they may hold keys) into
 * `prefix`, ends a stale one left by a launcher that died, tests the configuration, checks that host:port is free, and starts nginx
 * under a small sh watchdog that holds our stdin pipe: when this process ends in any way (even
 * SIGKILL) the pipe closes and the watchdog stops nginx, so no nginx outlives its app. Resolves once
 * nginx accepts connections on host:port. Used for the HTTP edge and the RTMP ingest (nginx-rtmp.mjs).
 */
export async function runNginx({ binary, name = "edge", prefix, config, files = {}, host, port }) {
  mkdirSync(prefix, { recursive: true });
  const confPath = path.join(prefix, "nginx.conf");
  writeFileSync(confPath, config, { mode: 0o600 });
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(prefix, name), text, { mode: 0o600 });
  stopStale(prefix, confPath);

  const test = spawnSync(binary, ["-t", "-q", "-c", confPath, "-p", prefix + "/"], { encoding: "utf8" });
  if (test.error) throw new Error(`nginx could not run (${binary}): ${test.error.message}`);
  if (test.status !== 0) throw new Error(`nginx configuration test failed: ${test.stderr.trim()}`);
  await waitPortFree(host, port, 3000);

  const script =
    'exec 3<&0; "$1" -c "$2" -p "$3" </dev/null 3<&- & n=$!; ' +
    "(read _ <&3; kill -TERM $n 2>/dev/null) & w=$!; exec 3<&-; " +
    "wait $n; s=$?; kill $w 2>/dev/null; exit $s";
  const child = spawn("/bin/sh", ["-c", script, "kinora-nginx", binary, confPath, prefix + "/"], {
    stdio: ["pipe", "inherit", "pipe"],
  });
  logNginxErrors(child.stderr, name);
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve(code ?? signal)));
  try {
    await waitListening(host, port, child, 10_000);
  } catch (err) {
    child.stdin.end();
    await exited;
    throw err;
  }
  return {
    confPath,
    exited,
    /** Graceful shutdown (SIGQUIT to nginx: it stops listening and ends once its requests in flight are answered). */
    quit: async () => {
      const pid = Number(readFileSync(path.join(prefix, "nginx.pid"), "utf8").trim());
      if (Number.isInteger(pid) && pid > 1) process.kill(pid, "SIGQUIT");
      await exited;
    },
    /** Fast shutdown (SIGTERM to nginx: open connections are closed). */
    stop: async () => {
      child.stdin.end();
      await exited;
    },
  };
}
