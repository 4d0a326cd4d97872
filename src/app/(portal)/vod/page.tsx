import { VodList } from "@/components/vod/vod-list";
import { env } from "@/server/env";
import { requirePortalCaller } from "@/server/portal/session";

export const metadata = { title: "Vod" };

// GET /vod - the creator's vods: publish a box item (free, Creative Commons, pay per view), search and filter, edit, unpublish.
export default async function VodPage() {
  await requirePortalCaller("/vod");
  return (
    <div className="container">
      <h1>Vod</h1>
      <VodList currency={env().CURRENCY} />
    </div>
  );
}
