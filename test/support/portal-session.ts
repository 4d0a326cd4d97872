// Signs in to the portal over HTTP as the login form does (next-auth credentials: CSRF token, then
// the credentials callback) and gives the cookies of the session, for contract tests of portal pages.

/** The name=value pairs of a response's Set-Cookie headers. */
function cookiesOf(res: Response): string[] {
  return res.headers.getSetCookie().map((c) => c.split(";")[0]!);
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
