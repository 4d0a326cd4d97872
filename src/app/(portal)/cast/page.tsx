import { CastChannelList } from "@/components/cast/cast-channel-list";
import { CastStreamList } from "@/components/cast/cast-stream-list";
import { env } from "@/server/env";
import { requirePortalCaller } from "@/server/portal/session";
import "@/components/bundles/bundles.css";
import "@/components/live/live.css";
import "@/components/cast/cast.css";

export const metadata = { title: "Cast" };

// GET /cast - the creator's cast channels (then each one's calendar and days) and cast streams.
export default async function CastPage() {
  const { caller } = await requirePortalCaller("/cast");
  const me = await caller.users.me();
  return (
    <div className="container">
      <h1>Cast</h1>
      <CastChannelList />
      <CastStreamList
        account={{ userCode: me.userCode, livePasswordSet: me.livePasswordSet, keyframeIntervalSeconds: env().LIVE_SEGMENT_SECONDS }}
      />
    </div>
  );
}
