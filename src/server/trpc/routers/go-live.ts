import { router, userProcedure } from "@/server/trpc/init";
import { inputParser } from "@/server/domain/shared/validation";
import { goLiveInput, goLiveSettings, goLiveStatus } from "@/server/domain/live/go-live";
import { resetStreamKey, revealStreamKey } from "@/server/domain/live/stream-key";

/** The Go-live panel of a live channel (live ingest): encoder settings, then its status polled every few seconds. */
export const goLiveRouter = router({
  settings: userProcedure.input(inputParser(goLiveInput)).query(({ ctx, input }) => goLiveSettings(ctx, input)),
  status: userProcedure.input(inputParser(goLiveInput)).query(({ ctx, input }) => goLiveStatus(ctx, input)),
  // mutations: a key is read only when its owner asks, never cached or prefetched
  revealKey: userProcedure.input(inputParser(goLiveInput)).mutation(({ ctx, input }) => revealStreamKey(ctx, input)),
  resetKey: userProcedure.input(inputParser(goLiveInput)).mutation(({ ctx, input }) => resetStreamKey(ctx, input)),
});
