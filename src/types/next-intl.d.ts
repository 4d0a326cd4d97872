import type messages from "@/messages/en.json";

// next-intl checks message keys against the English catalogue (src/messages/en.json) at compile time.
declare module "next-intl" {
  interface AppConfig {
    Locale: "en" | "it";
    Messages: typeof messages;
  }
}
