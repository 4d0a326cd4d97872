import type { ReactNode } from "react";
import { useTranslations } from "next-intl";
import { AccountTabs } from "@/components/account/account-tabs";

export default function AccountLayout({ children }: { children: ReactNode }) {
  const t = useTranslations("account");
  return (
    <div className="container">
      <h1>{t("title")}</h1>
      <AccountTabs />
      {children}
    </div>
  );
}
