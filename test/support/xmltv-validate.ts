// Validation of XMLTV documents by Debian's xmltv-util (`tv_validate_file`, against its xmltv.dtd),
// shared by the unit tests of the writer and the contract tests of the served guides.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestContext } from "node:test";

/** tv_validate_file's verdict on a document, or null when xmltv-util is not installed. */
export function validateXmltv(t: TestContext, xml: string): { ok: boolean; output: string } | null {
  const dir = mkdtempSync(path.join(tmpdir(), "kinora-xmltv-"));
  try {
    const file = path.join(dir, "guide.xml");
    writeFileSync(file, xml);
    // The DTD from the package, not from supplement.xmltv.org (no network needed).
    const run = spawnSync("tv_validate_file", [file], { encoding: "utf8", env: { ...process.env, XMLTV_SUPPLEMENT: "/usr/share/xmltv" } });
    if (run.error) {
      t.diagnostic("tv_validate_file is not installed (apt-get install xmltv-util): document not validated");
      return null;
    }
    return { ok: run.status === 0, output: `${run.stdout}${run.stderr}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
