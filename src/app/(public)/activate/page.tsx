import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { getServerCaller } from "@/server/portal/session";
import { tryCall } from "@/server/portal/try-call";
import { pageTitle } from "@/i18n/page-title";

export const generateMetadata = pageTitle("activate");

type Search = Promise<Record<string, string | string[] | undefined>>;

// GET /activate?token=... - the link of the activation mail: activates the account (users.activate).
export default async function ActivatePage({ searchParams }: { searchParams: Search }) {
  const { token } = await searchParams;
  const [caller, t] = await Promise.all([getServerCaller(), getTranslations("activate")]);
  const result = typeof token === "string" && token ? await tryCall(() => caller.users.activate({ token })) : undefined;
  return (
    <div className="container container--narrow">
      <h1>{t("title")}</h1>
      <div className="card">
        {result?.ok ? (
          <div role="status">
            <p className="notice notice--success">
              {t.rich("active", { userCode: result.data.userCode, strong: (chunks) => <strong>{chunks}</strong> })}
            </p>
            <Link className="button" href={`/login?${new URLSearchParams({ activated: "1", username: result.data.userCode })}`}>
              {t("logIn")}
            </Link>
          </div>
        ) : (
          <div role="alert">
            <p className="notice notice--error">{result ? result.message : t("incomplete")}</p>
            <p>{t.rich("used", { login: (chunks) => <Link href="/login">{chunks}</Link> })}</p>
          </div>
        )}
      </div>
    </div>
  );
}
