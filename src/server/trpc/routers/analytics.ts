import { publicProcedure, router, userProcedure } from "@/server/trpc/init";
import { inputParser } from "@/server/domain/shared/validation";
import { acceptBeacons, beaconBatchInput } from "@/server/domain/analytics/intake";
import {
  analyticsOverview,
  eventAnalytics,
  eventAnalyticsInput,
  overviewInput,
  topContents,
  topContentsInput,
  vodAnalytics,
  vodAnalyticsInput,
} from "@/server/domain/analytics/analytics-reports";

// Audience analytics (issue 28, docs/analytics.md): the players' beacons, from anyone holding a play
// session; the reports, of the caller's own contents only.
export const analyticsRouter = router({
  beacons: publicProcedure.input(inputParser(beaconBatchInput)).mutation(({ ctx, input }) => acceptBeacons(ctx, input)),
  vod: userProcedure.input(inputParser(vodAnalyticsInput)).query(({ ctx, input }) => vodAnalytics(ctx, input)),
  event: userProcedure.input(inputParser(eventAnalyticsInput)).query(({ ctx, input }) => eventAnalytics(ctx, input)),
  overview: userProcedure.input(inputParser(overviewInput)).query(({ ctx, input }) => analyticsOverview(ctx, input)),
  topContents: userProcedure.input(inputParser(topContentsInput)).query(({ ctx, input }) => topContents(ctx, input)),
});
