// What a test run skipped, read from the tools' output, so that the runner's summary (scripts/test.ts)
// names every skipped test instead of counting it nowhere: a test that needs something CI does not
// have (KINORA_SPEC_DIR, strace, nginx) is skipped, and the summary says so.

const ANSI = /\x1b\[[0-9;]*m/g;

/** node:test's TAP: `ok 3 - name # SKIP reason` (indented for a subtest); "name (reason)" each. */
export function nodeTestSkips(tap: string): string[] {
  return [...tap.matchAll(/^\s*ok \d+ - (.*?) # SKIP(?: (.*))?$/gm)].map(([, name, reason]) => (reason ? `${name} (${reason})` : name!));
}

/** Playwright's list reporter: a skipped test's line is "-", its index and "file:line:column › title". */
export function playwrightSkips(out: string): string[] {
  return [...out.replace(ANSI, "").matchAll(/^\s+-\s+\d+\s+(\S+:\d+:\d+ › .+?)\s*$/gm)].map(([, title]) => title!);
}
