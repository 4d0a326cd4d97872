import { appRouter } from "./root";
import { createCallerFactory, type TrpcContext } from "./init";

const factory = createCallerFactory(appRouter);

/** Server-side caller: the REST layer calls the same procedures as the portal. */
export const createCaller = (ctx: TrpcContext) => factory(ctx);
export type Caller = ReturnType<typeof createCaller>;
