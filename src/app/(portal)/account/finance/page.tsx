import { FinanceForm } from "@/components/account/finance-form";
import { countryOptions } from "@/server/portal/country-options";
import { requirePortalCaller } from "@/server/portal/session";
import { pageTitle } from "@/i18n/page-title";

export const generateMetadata = pageTitle("finance");

// GET /account/finance - payment account, company and billing address (users.update, finance section).
export default async function FinancePage() {
  const { caller } = await requirePortalCaller("/account/finance");
  return <FinanceForm account={await caller.users.me()} countries={countryOptions()} />;
}
