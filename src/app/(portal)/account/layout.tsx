import type { ReactNode } from "react";
import { AccountTabs } from "@/components/account/account-tabs";

export default function AccountLayout({ children }: { children: ReactNode }) {
  return (
    <div className="container">
      <h1>Your account</h1>
      <AccountTabs />
      {children}
    </div>
  );
}
