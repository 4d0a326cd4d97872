import { ChannelList } from "@/components/live/channel-list";
import { requirePortalCaller } from "@/server/portal/session";
import "@/components/bundles/bundles.css";
import "@/components/live/live.css";

export const metadata = { title: "Live" };

// GET /live - the creator's live channels: search, create (then manage each on its page).
export default async function LivePage() {
  await requirePortalCaller("/live");
  return (
    <div className="container">
      <h1>Live</h1>
      <ChannelList />
    </div>
  );
}
