import { router, userProcedure } from "@/server/trpc/init";
import { inputParser } from "@/server/domain/shared/validation";
import { goLiveInput, goLiveSettings, goLiveStatus } from "@/server/live/go-live";

/** The Go-live panel of a live channel (live ingest): encoder settings, then its status polled every few seconds. */
export const goLiveRouter = router({
  settings: userProcedure.input(inputParser(goLiveInput)).query(({ ctx, input }) => goLiveSettings(ctx, input)),
  status: userProcedure.input(inputParser(goLiveInput)).query(({ ctx, input }) => goLiveStatus(ctx, input)),
});
