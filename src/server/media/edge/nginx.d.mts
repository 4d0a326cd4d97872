// Types of nginx.mjs.

export const NJS_MODULE: string;

export type NginxLookup = { ok: true; required: boolean; binary: string } | { ok: false; required: boolean; reason: string };
/** The nginx binary to run (NGINX_BINARY, else Debian's), or why there is none (`packages`: what to install). */
export function nginxBinary(
  env: Record<string, string | undefined>,
  packages: string,
): { binary: string; reason?: undefined } | { binary?: undefined; reason: string };
export function findNginx(env: Record<string, string | undefined>): NginxLookup;

export interface NginxOptions {
  prefix: string;
  host: string;
  port: number;
  appPort: number;
  /** The launcher's beacon thread (scripts/beacon-thread.mjs), which takes POST /api/public/analytics/beacons. */
  beaconPort?: number;
  storageRoot: string;
  logDir: string;
  key: string;
  trustProxy: boolean;
  s3: boolean;
  isRoot: boolean;
  workers?: number | "auto";
  /** An ingest node without the web role: only the live tree is served (to the other nodes' edges). */
  liveOnly?: boolean;
  /** The JSON request log (format kinora_json): a file (default <prefix>/access.log), "stdout" or "off" (EDGE_ACCESS_LOG). */
  accessLog?: string;
}
export function nginxConfig(o: NginxOptions): string;
export function startNginx(
  o: NginxOptions & { binary: string },
): Promise<{ confPath: string; exited: Promise<number | string>; quit(): Promise<void>; stop(): Promise<void> }>;

/** Runs one nginx of ours with `config` written into `prefix` (see nginx.mjs); resolves once it accepts connections on host:port. */
export function runNginx(o: {
  binary: string;
  name?: string;
  prefix: string;
  config: string;
  files?: Record<string, string>;
  host: string;
  port: number;
}): Promise<{ confPath: string; exited: Promise<number | string>; quit(): Promise<void>; stop(): Promise<void> }>;
