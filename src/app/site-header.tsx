import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { getPortalSession, getServerContext } from "@/server/portal/session";
import { devOutboxVisible } from "@/server/portal/dev-outbox";
import { LogoutButton } from "@/components/logout-button";
import { UserMenu } from "@/components/user-menu";

/**
 * The viewer site's top bar, on every page: the brand, a search box (/search?q=), Home, and for a
 * signed-in user the way into the studio and their menu (Library, My page, Account, Log out); guests
 * get Log in and Register. The creator's own areas are in the studio's navigation, not here.
 */
export async function SiteHeader() {
  const [ctx, session, outbox, t] = await Promise.all([
    getServerContext(),
    getPortalSession(),
    devOutboxVisible(),
    getTranslations("site"),
  ]);
  const userCode = ctx.actor.kind === "user" ? session?.user.userCode : undefined;
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link href="/" className="brand">
          Kinora
        </Link>
        <form className="site-search" role="search" action="/search" method="get">
          <label className="visually-hidden" htmlFor="site-search-q">
            {t("searchLabel")}
          </label>
          <input id="site-search-q" name="q" type="search" placeholder={t("searchPlaceholder")} className="site-search__input" />
          <button type="submit" className="button button--secondary site-search__button">
            {t("search")}
          </button>
        </form>
        <nav aria-label={t("navLabel")} className="site-nav">
          <ul className="nav-list">
            <li>
              <Link href="/">{t("home")}</Link>
            </li>
            {userCode ? (
              <li>
                <Link href="/dashboard">{t("studio")}</Link>
              </li>
            ) : (
              <>
                <li>
                  <Link href="/login">{t("logIn")}</Link>
                </li>
                <li>
                  <Link href="/register">{t("register")}</Link>
                </li>
              </>
            )}
            {outbox && (
              <li>
                <Link href="/dev/outbox">{t("outbox")}</Link>
              </li>
            )}
            {userCode && (
              <li className="nav-user">
                <UserMenu userCode={userCode} label={t("userMenu")}>
                  <li>
                    <Link href="/library">{t("library")}</Link>
                  </li>
                  <li>
                    <Link href={`/u/${encodeURIComponent(userCode)}`}>{t("myPage")}</Link>
                  </li>
                  <li>
                    <Link href="/account">{t("account")}</Link>
                  </li>
                  <li>
                    <LogoutButton label={t("logOut")} />
                  </li>
                </UserMenu>
              </li>
            )}
          </ul>
        </nav>
      </div>
    </header>
  );
}
