import type { RestRoute } from "@/server/rest/route";
import { userRoutes } from "./users";

/** Every documented REST route, one table per context. */
export const restRoutes: RestRoute[] = [...userRoutes];
