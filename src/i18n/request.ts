import { getRequestConfig } from "next-intl/server";
import { getServerContext } from "@/server/portal/session";
import type { Lang } from "@/server/i18n/messages";

// The locale of a page (next-intl, no locale in the URL): the signed-in user's account language, else
// the request's Accept-Language (it or en), else English; the same `lang` the portal's tRPC errors use.
// Times are UTC, as the domain stores its days.
const catalogues: Record<Lang, () => Promise<{ default: Record<string, unknown> }>> = {
  en: () => import("../messages/en.json"),
  it: () => import("../messages/it.json"),
};

export default getRequestConfig(async () => {
  const { lang } = await getServerContext();
  return { locale: lang, timeZone: "UTC", messages: (await catalogues[lang]()).default };
});
