// Signs in to the portal over HTTP as the login form does (next-auth credentials: CSRF token, then
// the credentials callback) and gives the cookies of the session, for contract tests of portal pages.

/** The name=value pairs of a response's Set-Cookie headers. */
function cookiesOf(res: Response): string[] {
  return res.headers.getSetCookie().map((c) => c.split(";")[0]!);
}

export interface PortalSignInAttempt {
  /** The credentials callback's status (200 signed in; 401 refused). */
  status: number;
  /** next-auth's answer: `url` (with `error=...` when refused). */
  body: { url: string };
  /** The session cookie (name=value) when signed in. */
  session?: string;
  /** Every Set-Cookie of the callback's response, in full (attributes included). */
  setCookies: string[];
}

/**
 * One sign-in attempt, signed in or not. `headers` go with both requests (e.g. X-Forwarded-For: the
 * tests run with TRUST_PROXY=1); `cookie` (name=value pairs) goes with the credentials callback, as
 * a browser's cookies would (e.g. a device cookie from an earlier sign-in).
 */
export async function portalSignInAttempt(
  baseUrl: string,
  username: string,
  password: string,
  o: { callbackUrl?: string; headers?: Record<string, string>; cookie?: string } = {},
): Promise<PortalSignInAttempt> {
  const csrf = await fetch(`${baseUrl}/auth/csrf`, { headers: o.headers });
  if (csrf.status !== 200) throw new Error(`csrf: ${csrf.status}`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const jar = [...cookiesOf(csrf), ...(o.cookie ? [o.cookie] : [])];
  const res = await fetch(`${baseUrl}/auth/callback/credentials`, {
    method: "POST",
    headers: { ...o.headers, "Content-Type": "application/x-www-form-urlencoded", Cookie: jar.join("; ") },
    body: new URLSearchParams({ csrfToken, username, password, callbackUrl: o.callbackUrl ?? "/dashboard", json: "true" }),
    redirect: "manual",
  });
  const body = (await res.json()) as { url: string };
  const session = cookiesOf(res).find((c) => c.includes("session-token="));
  return { status: res.status, body, session, setCookies: res.headers.getSetCookie() };
}

/** Cookie header of a signed-in portal session of `username`. `callbackUrl` is passed to next-auth as the form does. */
export async function portalSignIn(
  baseUrl: string,
  username: string,
  password: string,
  callbackUrl = "/dashboard",
): Promise<{ cookie: string; redirectUrl: string }> {
  const csrf = await fetch(`${baseUrl}/auth/csrf`);
  if (csrf.status !== 200) throw new Error(`csrf: ${csrf.status}`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const jar = cookiesOf(csrf);
  const res = await fetch(`${baseUrl}/auth/callback/credentials`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: jar.join("; ") },
    body: new URLSearchParams({ csrfToken, username, password, callbackUrl, json: "true" }),
    redirect: "manual",
  });
  const body = (await res.json()) as { url: string };
  const session = cookiesOf(res).filter((c) => c.includes("session-token="));
  if (res.status !== 200 || session.length === 0) throw new Error(`sign-in of ${username}: ${res.status} ${JSON.stringify(body)}`);
  return { cookie: [...jar, ...session].join("; "), redirectUrl: body.url };
}
