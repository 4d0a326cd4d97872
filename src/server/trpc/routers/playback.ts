import { router, userProcedure } from "@/server/trpc/init";
import { inputParser } from "@/server/domain/shared/validation";
import { playBox, playBoxInput } from "@/server/domain/playback/play-box";

export const playbackRouter = router({
  playBox: userProcedure.input(inputParser(playBoxInput)).mutation(({ ctx, input }) => playBox(ctx, input)),
});
