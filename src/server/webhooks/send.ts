import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { checkedLookup, isPrivateAddress, PrivateAddressError } from "./target";

export interface SendOutcome {
  /** the receiver's status; undefined when none came (refused, timeout, connection error) */
  statusCode?: number;
  durationMs: number;
  /** why it failed, in a line: "HTTP 500", "timeout after 15 s", "ECONNREFUSED", "refused: ... private" */
  error?: string;
  ok: boolean;
}

/**
 * POSTs `body` with `headers` to `url` once, within `timeoutSeconds` (the whole exchange), reading
 * at most 64 KB of the answer. 2xx is a success. Private addresses are refused at connect time
 * unless `allowPrivate`. Redirects are not followed (a receiver must answer at its URL).
 */
export function sendWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  opts: { timeoutSeconds: number; allowPrivate: boolean },
): Promise<SendOutcome> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let done = false;
    let timer: NodeJS.Timeout | undefined = undefined; // set below; a refusal before the request finishes first
    const finish = (outcome: Omit<SendOutcome, "durationMs" | "ok">) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      const ok = outcome.statusCode !== undefined && outcome.statusCode >= 200 && outcome.statusCode < 300;
      resolve({ ...outcome, durationMs: took(), ok, ...(ok ? {} : { error: outcome.error ?? `HTTP ${outcome.statusCode}` }) });
    };
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return finish({ error: "not a URL" });
    }
    const literal = target.hostname.replace(/^\[|\]$/g, "");
    if (!opts.allowPrivate && isIP(literal) && isPrivateAddress(literal))
      return finish({ error: new PrivateAddressError(literal).message });
    const client = target.protocol === "https:" ? https : http;
    const req = client.request(
      target,
      {
        method: "POST",
        headers: { ...headers, "Content-Length": String(Buffer.byteLength(body)) },
        ...(opts.allowPrivate ? {} : { lookup: checkedLookup }),
        agent: false, // one connection per attempt: a receiver's keep-alive state never carries over
      },
      (res) => {
        let read = 0;
        res.on("data", (chunk: Buffer) => {
          read += chunk.length;
          if (read > 64 * 1024) res.destroy(); // the answer is not needed beyond its status
        });
        res.on("end", () => finish({ statusCode: res.statusCode }));
        res.on("close", () => finish({ statusCode: res.statusCode }));
        res.on("error", () => finish({ statusCode: res.statusCode }));
      },
    );
    timer = setTimeout(() => {
      finish({ error: `timeout after ${opts.timeoutSeconds} s` });
      req.destroy();
    }, opts.timeoutSeconds * 1000);
    req.on("error", (err: NodeJS.ErrnoException) =>
      finish({ error: err instanceof PrivateAddressError ? err.message : (err.code ?? err.message).slice(0, 300) }),
    );
    req.end(body);
  });
}
