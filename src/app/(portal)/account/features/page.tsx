import { FeaturesForm } from "@/components/account/features-form";
import { requirePortalCaller } from "@/server/portal/session";
import { pageTitle } from "@/i18n/page-title";

export const generateMetadata = pageTitle("features");

// GET /account/features - notifications, vod visibility, live password (users.update, features section).
export default async function FeaturesPage() {
  const { caller } = await requirePortalCaller("/account/features");
  return <FeaturesForm account={await caller.users.me()} />;
}
