// The REST route matcher: literal beats param, trailing slash, 405 with the allowed methods, percent-decoding.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { HttpMethod, RestRoute } from "@/server/rest/route";
import { RouteMatcher } from "@/server/rest/router-match";
import { restRoutes } from "@/server/rest/routes";

const r = (method: HttpMethod, path: string): RestRoute => ({
  method,
  path,
  auth: "public",
  status: 200,
  summary: `${method} ${path}`,
  handle: () => null,
});

const routes = [
  r("GET", "/api/user/me"),
  r("POST", "/api/user/me"),
  r("GET", "/api/public/user/{userCode}/overview"),
  r("GET", "/api/public/user/activate"),
  r("POST", "/api/public/user/register"),
  r("GET", "/api/vod/{vodId}"),
  r("DELETE", "/api/vod/{vodId}"),
  r("POST", "/api/vod/{vodId}/play"),
  r("GET", "/api/cast/channel/{channelId}/dailyprogramming/{date}"),
  r("POST", "/api/cast/channel/{channelId}/dailyprogramming/{yyyyMMdd}"),
  r("GET", "/api/things/special"),
  r("POST", "/api/things/{thingId}"),
];
const matcher = new RouteMatcher(routes);

function routeOf(method: string, path: string) {
  const m = matcher.match(method, path);
  assert.ok(m && "route" in m, `${method} ${path} should match, got ${JSON.stringify(m)}`);
  return m;
}

test("a literal segment beats a {param} at the same place", () => {
  assert.equal(routeOf("GET", "/api/public/user/activate").route.path, "/api/public/user/activate");
  const m = routeOf("GET", "/api/public/user/activate/overview");
  assert.equal(m.route.path, "/api/public/user/{userCode}/overview");
  assert.deepEqual(m.params, { userCode: "activate" });
});

test("params are named by the route that matched", () => {
  assert.deepEqual(routeOf("GET", "/api/cast/channel/c1/dailyprogramming/20240310").params, { channelId: "c1", date: "20240310" });
  assert.deepEqual(routeOf("POST", "/api/cast/channel/c1/dailyprogramming/20240310").params, { channelId: "c1", yyyyMMdd: "20240310" });
});

test("a trailing slash matches as without it", () => {
  assert.equal(routeOf("GET", "/api/user/me/").route, routeOf("GET", "/api/user/me").route);
  assert.deepEqual(routeOf("POST", "/api/vod/42/play/").params, { vodId: "42" });
});

test("an unknown path matches nothing", () => {
  assert.equal(matcher.match("GET", "/api/nothing"), null);
  assert.equal(matcher.match("GET", "/api/user"), null);
  assert.equal(matcher.match("GET", "/api/user/me/more"), null);
  assert.equal(matcher.match("GET", "/"), null);
});

test("a known path with another method is 405 with the allowed methods", () => {
  assert.deepEqual(matcher.match("DELETE", "/api/user/me"), { methodNotAllowed: ["GET", "POST"] });
  assert.deepEqual(matcher.match("PUT", "/api/vod/1"), { methodNotAllowed: ["GET", "DELETE"] });
  assert.deepEqual(matcher.match("GET", "/api/public/user/register/"), { methodNotAllowed: ["POST"] });
});

test("when the literal path lacks the method, a {param} path that has it answers", () => {
  assert.deepEqual(routeOf("POST", "/api/things/special").params, { thingId: "special" });
  assert.equal(routeOf("GET", "/api/things/special").route.path, "/api/things/special");
  assert.deepEqual(matcher.match("DELETE", "/api/things/special"), { methodNotAllowed: ["GET", "POST"] });
});

test("HEAD is answered as GET", () => {
  assert.equal(routeOf("HEAD", "/api/user/me").route.method, "GET");
});

test("params are percent-decoded, an encoded slash stays inside its segment", () => {
  assert.deepEqual(routeOf("GET", "/api/public/user/j%C3%B6rg%20x/overview").params, { userCode: "jörg x" });
  assert.deepEqual(routeOf("GET", "/api/vod/a%2Fb").params, { vodId: "a/b" });
  assert.deepEqual(routeOf("GET", "/api/vod/urn:kinora:content:1").params, { vodId: "urn:kinora:content:1" });
});

test("literal segments are percent-decoded too", () => {
  assert.equal(routeOf("GET", "/api/user/m%65").route.path, "/api/user/me");
});

test("a malformed percent-encoding matches nothing", () => {
  assert.equal(matcher.match("GET", "/api/vod/%E0%A4%A"), null);
  assert.equal(matcher.match("GET", "/api/vod/%zz"), null);
});

test("a duplicate route is refused when the tables load", () => {
  assert.throws(() => new RouteMatcher([r("GET", "/api/a/{x}"), r("GET", "/api/a/{y}")]), /duplicate route GET \/api\/a\/\{y\}/);
});

test("the served tables load into a matcher", () => {
  const served = new RouteMatcher(restRoutes);
  for (const route of restRoutes) {
    const path = route.path.replace(/\{\w+\}/g, "x");
    const m = served.match(route.method, path);
    assert.ok(m && "route" in m, `${route.method} ${route.path}`);
  }
});
