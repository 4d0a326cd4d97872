import { router } from "./init";
import { usersRouter } from "./routers/users";
import { playbackRouter } from "./routers/playback";
import { boxRouter } from "./routers/box";
import { captionsRouter } from "./routers/captions";
import { thumbnailsRouter } from "./routers/thumbnails";
import { licensesRouter } from "./routers/licenses";
import { paymentsRouter } from "./routers/payments";
import { vodRouter } from "./routers/vod";
import { bundlesRouter } from "./routers/bundles";
import { marketplaceRouter } from "./routers/marketplace";
import { liveRouter } from "./routers/live";
import { goLiveRouter } from "./routers/go-live";
import { castRouter } from "./routers/cast";
import { discoveryRouter } from "./routers/discovery";
import { adminRouter } from "./routers/admin";
import { noticesRouter } from "./routers/notices";
import { webhooksRouter } from "./routers/webhooks";
import { analyticsRouter } from "./routers/analytics";
import { apiKeysRouter } from "./routers/api-keys";

export const appRouter = router({
  users: usersRouter,
  playback: playbackRouter,
  box: boxRouter,
  captions: captionsRouter,
  thumbnails: thumbnailsRouter,
  licenses: licensesRouter,
  payments: paymentsRouter,
  vod: vodRouter,
  bundles: bundlesRouter,
  marketplace: marketplaceRouter,
  live: liveRouter,
  goLive: goLiveRouter,
  cast: castRouter,
  discovery: discoveryRouter,
  admin: adminRouter,
  notices: noticesRouter,
  webhooks: webhooksRouter,
  analytics: analyticsRouter,
  apiKeys: apiKeysRouter,
});

export type AppRouter = typeof appRouter;
