// A live journey's own server (its nginx-rtmp), started once per spec file, and pages on it.
import type { Browser, Page } from "@playwright/test";
import { test } from "./page-health";
import { startLiveServer, type LiveTestServer, type Publisher } from "../../test/support/live-fixtures";

/**
 * Starts the spec's live server before its tests (with `env`) and stops it, and the publisher it
 * was given, after them. `server()` is the running one; `pageOn` opens a page of a new context on it.
 */
export function liveServerForSpec(env: Record<string, string>) {
  let live: LiveTestServer | undefined;
  let publisher: Publisher | undefined;
  test.beforeAll(async () => {
    live = await startLiveServer(env);
  });
  test.afterAll(async () => {
    await publisher?.stop();
    await live?.stop();
  });
  return {
    server: () => live!,
    publishing(p: Publisher): Publisher {
      publisher = p;
      return p;
    },
    async pageOn(browser: Browser): Promise<Page> {
      const context = await browser.newContext({ baseURL: live!.server.url });
      return context.newPage();
    },
  };
}
