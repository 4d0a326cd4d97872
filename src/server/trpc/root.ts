import { router } from "./init";
import { usersRouter } from "./routers/users";
import { playbackRouter } from "./routers/playback";
import { boxRouter } from "./routers/box";
import { thumbnailsRouter } from "./routers/thumbnails";

export const appRouter = router({
  users: usersRouter,
  playback: playbackRouter,
  box: boxRouter,
  thumbnails: thumbnailsRouter,
});

export type AppRouter = typeof appRouter;
