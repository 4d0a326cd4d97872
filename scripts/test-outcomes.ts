// What a test run skipped and what failed, read from the tools' output, so that the runner's summary
// (scripts/test.ts) names them: a test that needs something CI does not have (KINORA_SPEC_DIR, strace,
// nginx) is skipped, and the summary says so; a failure is named at the end, where a log cut to its
// last lines still shows it.

const ANSI = /\x1b\[[0-9;]*m/g;

/** node:test's TAP: `ok 3 - name # SKIP reason` (indented for a subtest); "name (reason)" each. */
export function nodeTestSkips(tap: string): string[] {
  return [...tap.matchAll(/^\s*ok \d+ - (.*?) # SKIP(?: (.*))?$/gm)].map(([, name, reason]) => (reason ? `${name} (${reason})` : name!));
}

/** Playwright's list reporter: a skipped test's line is "-", its index and "file:line:column › title". */
export function playwrightSkips(out: string): string[] {
  return [...out.replace(ANSI, "").matchAll(/^\s+-\s+\d+\s+(\S+:\d+:\d+ › .+?)\s*$/gm)].map(([, title]) => title!);
}

/**
 * node:test's TAP: `not ok 3 - name` (indented for a subtest) and the first line of its YAML block's
 * `error:`; "name: error" each, innermost first (a suite fails with its test).
 */
export function nodeTestFailures(tap: string): string[] {
  const lines = tap.split("\n");
  const failures: string[] = [];
  lines.forEach((line, i) => {
    const m = /^(\s*)not ok \d+ - (.*?)(?: # (?:TODO|SKIP).*)?$/.exec(line);
    if (!m) return;
    let error = "";
    for (let j = i + 1; j < lines.length && !/^\s*\.\.\.\s*$/.test(lines[j]!); j++) {
      const e = /^\s*error: (.*)$/.exec(lines[j]!);
      if (e) {
        error = e[1]!.replace(/^['"|>-]+\s*/, "").replace(/['"]$/, "") || (lines[j + 1] ?? "").trim();
        break;
      }
    }
    failures.push(error ? `${m[2]}: ${error.slice(0, 300)}` : m[2]!);
  });
  return failures;
}

/** Playwright's list reporter: a failed test's line is "✘", its index and "file:line:column › title". */
export function playwrightFailures(out: string): string[] {
  return [...out.replace(ANSI, "").matchAll(/^\s+✘\s+\d+\s+(\S+:\d+:\d+ › .+?)\s*$/gm)].map(([, title]) => title!);
}
