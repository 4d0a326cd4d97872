import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import type messages from "@/messages/en.json";

/** A page's title in the request's language (messages titles.*): `export const generateMetadata = pageTitle("sales");`. */
export const pageTitle = (key: keyof (typeof messages)["titles"]) => async (): Promise<Metadata> => ({
  title: (await getTranslations("titles"))(key),
});
