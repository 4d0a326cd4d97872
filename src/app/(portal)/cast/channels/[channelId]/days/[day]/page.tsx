import { getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";
import { CastDayEditor } from "@/components/cast/cast-day-editor";
import { parseDay } from "@/lib/cast-days";
import { castDayPath } from "@/lib/cast-urls";
import { requirePortalCaller } from "@/server/portal/session";
import { tryCall } from "@/server/portal/try-call";
import "@/components/bundles/bundles.css";
import "@/components/cast/cast.css";

type Params = Promise<{ channelId: string; day: string }>;

export const generateMetadata = async () => ({ title: (await getTranslations("cast"))("dayTitle") });

// GET /cast/channels/{channelId}/days/{yyyy-MM-dd} - the day editor of one of the creator's
// channels, the day in the viewer's own time zone (the editor reads and saves it in that offset).
// 404 for another user's channel or a day that does not exist.
export default async function CastDayPage({ params }: { params: Params }) {
  const { channelId, day } = await params;
  const { caller } = await requirePortalCaller(castDayPath(channelId, day));
  const channel = await tryCall(() => caller.cast.getChannel({ channelId }));
  if (!channel.ok || !parseDay(day)) notFound();
  return (
    <div className="container cast-day-page">
      {/* keyed by the day: the previous and next day links keep this page, not its draft */}
      <CastDayEditor key={day} channel={channel.data} day={day} />
    </div>
  );
}
