import Link from "next/link";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { LoginForm } from "@/components/account/login-form";
import { safeCallbackUrl } from "@/lib/safe-callback";
import { getServerContext } from "@/server/portal/session";
import { pageTitle } from "@/i18n/page-title";

export const generateMetadata = pageTitle("login");

/** next-auth's failure codes the page explains (messages login.errors.*). */
const LOGIN_ERRORS = { CredentialsSignin: "wrong", SessionRequired: "sessionRequired" } as const;

type Search = Promise<Record<string, string | string[] | undefined>>;

// GET /login - portal login (next-auth credentials); ?callbackUrl=/path returns there afterwards.
export default async function LoginPage({ searchParams }: { searchParams: Search }) {
  const [params, ctx, t] = await Promise.all([searchParams, getServerContext(), getTranslations("login")]);
  const callbackUrl = safeCallbackUrl(params.callbackUrl, ctx.baseUrl);
  if (ctx.actor.kind === "user") redirect(callbackUrl);
  const activated = params.activated === "1";
  // next-auth sends its own failures here as ?error=<code>; only known codes are shown (no text injection)
  const code = typeof params.error === "string" ? params.error : undefined;
  const error =
    code === undefined ? undefined : Object.hasOwn(LOGIN_ERRORS, code) ? t(LOGIN_ERRORS[code as keyof typeof LOGIN_ERRORS]) : t("failed");
  return (
    <div className="container container--narrow">
      <h1>{t("title")}</h1>
      {activated && (
        <div className="notice notice--success" role="status">
          {t("activated")}
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
        <Link href="/renew">{t("forgot")}</Link> · {t("newHere")} <Link href="/register">{t("createAccount")}</Link>
      </p>
    </div>
  );
}
