import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { RenewConfirmForm } from "@/components/account/renew-confirm-form";
import { RenewRequestForm } from "@/components/account/renew-request-form";
import { devOutboxVisible } from "@/server/portal/dev-outbox";
import { getServerCaller } from "@/server/portal/session";
import { tryCall } from "@/server/portal/try-call";

export const generateMetadata = async () => ({ title: (await getTranslations("renew"))("pageTitle") });

type Search = Promise<Record<string, string | string[] | undefined>>;

// GET /renew - asks for a password-renew mail; GET /renew?token=... (the mail's link) sets a new password.
export default async function RenewPage({ searchParams }: { searchParams: Search }) {
  const { token } = await searchParams;
  const t = await getTranslations("renew");
  if (typeof token !== "string" || !token) {
    return (
      <div className="container container--narrow">
        <h1>{t("title")}</h1>
        <div className="card">
          <RenewRequestForm outbox={await devOutboxVisible()} />
        </div>
        <p>
          {t("remembered")} <Link href="/login">{t("logIn")}</Link>
        </p>
      </div>
    );
  }
  const caller = await getServerCaller();
  const read = await tryCall(() => caller.users.readRenew({ token }));
  return (
    <div className="container container--narrow">
      <h1>{t("chooseTitle")}</h1>
      <div className="card">
        {read.ok ? (
          <RenewConfirmForm token={token} userCode={read.data.userCode} />
        ) : (
          <div role="alert">
            <p className="notice notice--error">{read.message}</p>
            <p>
              <Link href="/renew">{t("askAgain")}</Link>
            </p>
          </div>
        )}
      </div>
    </div>
  );
}
