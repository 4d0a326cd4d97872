// The request body caps (src/server/http/body-limits.mjs): one table the launcher checks Content-Length
// against and the body readers stop at. Each route that reads a body has a cap suited to it; uploads
// keep their own (the license's file size, the thumbnail's).
import assert from "node:assert/strict";
import { test } from "node:test";
import { bodyLimitOf, formatBytes } from "@/server/http/body-limits.mjs";
import { restRoutes } from "@/server/rest/routes";

const KIB = 1024;
const MIB = 1024 * KIB;

test("caps by path: JSON 1 MiB, forms 64 KiB, the checkout's one-field form 16 KiB, uploads their own", () => {
  const expected: [string, number | null][] = [
    ["/api/user/me", MIB],
    ["/api/public/user/register", MIB],
    ["/api", MIB],
    ["/api/trpc/payments.subscribe", MIB],
    ["/api/box", null],
    ["/api/box/", null],
    ["/api/box/abc/play", MIB],
    ["/api/thumbnail", null],
    ["/uploads/box", null],
    ["/uploads/box/abc", null],
    ["/uploads/thumbnail", null],
    ["/oauth/token", 64 * KIB],
    ["/auth/callback/credentials", 64 * KIB],
    ["/checkout/abc", 16 * KIB],
    ["/checkout/abc/", 16 * KIB],
    ["/checkout/abc/outcome", 16 * KIB],
    ["/internal/live/publish", 64 * KIB],
    ["/payments/stripe/webhook", MIB],
    ["/login", 64 * KIB],
    ["/", 64 * KIB],
  ];
  for (const [path, cap] of expected) assert.equal(bodyLimitOf(path), cap, path);
});

test("every REST route that reads its own body (rawBody: multipart uploads) is left to its own cap, and only those", () => {
  for (const route of restRoutes) {
    const path = route.path.replace(/\{[^}]+\}/g, "x");
    if (route.method === "GET" || route.method === "DELETE") continue;
    assert.equal(bodyLimitOf(path) === null, route.rawBody === true, `${route.method} ${route.path}`);
  }
});

test("caps read as people write them", () => {
  assert.equal(formatBytes(MIB), "1 MiB");
  assert.equal(formatBytes(16 * KIB), "16 KiB");
});
