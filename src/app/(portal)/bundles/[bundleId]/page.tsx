import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { BundleEditor } from "@/components/bundles/bundle-editor";
import { env } from "@/server/env";
import { requirePortalCaller } from "@/server/portal/session";
import { tryCall } from "@/server/portal/try-call";
import "@/components/bundles/bundles.css";
import { pageTitle } from "@/i18n/page-title";

type Params = Promise<{ bundleId: string }>;

export const generateMetadata = pageTitle("bundle");

// GET /bundles/{bundleId} - one of the creator's bundles: details, ordered videos (drag and drop, or
// the keyboard), videos to add from the box, subscribers. 404 for another user's.
export default async function BundlePage({ params }: { params: Params }) {
  const { bundleId } = await params;
  const { caller } = await requirePortalCaller(`/bundles/${encodeURIComponent(bundleId)}`);
  const [bundle, t] = await Promise.all([tryCall(() => caller.bundles.get({ bundleId })), getTranslations("bundles")]);
  if (!bundle.ok) notFound();
  return (
    <div className="container">
      <p>
        <Link href="/bundles">← {t("title")}</Link>
      </p>
      <h1 data-testid="bundle-name">{bundle.data.name}</h1>
      <BundleEditor bundle={bundle.data} currency={env().CURRENCY} />
    </div>
  );
}
