import type { RestRoute } from "@/server/rest/route";
import { metaRoutes } from "./meta";
import { userRoutes } from "./users";

/** One table per context; the tag names the context in the OpenAPI document and the /docs/api page. */
export interface RestRouteGroup {
  tag: string;
  description?: string;
  routes: RestRoute[];
}

export const restRouteGroups: RestRouteGroup[] = [
  { tag: "Users", description: "Accounts: registration, activation, profile, password", routes: userRoutes },
  { tag: "Meta", description: "The description of this interface", routes: metaRoutes },
];

/** Every documented REST route. */
export const restRoutes: RestRoute[] = restRouteGroups.flatMap((g) => g.routes);
