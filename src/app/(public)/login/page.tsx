import Link from "next/link";
import { redirect } from "next/navigation";
import { LoginForm } from "@/components/account/login-form";
import { safeCallbackUrl } from "@/lib/safe-callback";
import { getServerContext } from "@/server/portal/session";

export const metadata = { title: "Log in" };

const LOGIN_ERRORS: Record<string, string> = {
  CredentialsSignin: "Wrong username or password.",
  SessionRequired: "Log in to see that page.",
};

type Search = Promise<Record<string, string | string[] | undefined>>;

// GET /login - portal login (next-auth credentials); ?callbackUrl=/path returns there afterwards.
export default async function LoginPage({ searchParams }: { searchParams: Search }) {
  const [params, ctx] = await Promise.all([searchParams, getServerContext()]);
  const callbackUrl = safeCallbackUrl(params.callbackUrl, ctx.baseUrl);
  if (ctx.actor.kind === "user") redirect(callbackUrl);
  const activated = params.activated === "1";
  // next-auth sends its own failures here as ?error=<code>; only known codes are shown (no text injection)
  const error = typeof params.error === "string" ? (LOGIN_ERRORS[params.error] ?? "The login failed: try again.") : undefined;
  return (
    <div className="container container--narrow">
      <h1>Log in</h1>
      {activated && (
        <div className="notice notice--success" role="status">
          Your account is active: log in to start.
        </div>
      )}
      {error && (
        <div className="notice notice--error" role="alert">
          {error}
        </div>
      )}
      <div className="card">
        <LoginForm callbackUrl={callbackUrl} defaultUsername={typeof params.username === "string" ? params.username : ""} />
      </div>
      <p>
        <Link href="/renew">Forgot your password?</Link> · New here? <Link href="/register">Create an account</Link>
      </p>
    </div>
  );
}
