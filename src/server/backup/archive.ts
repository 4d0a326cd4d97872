import { spawn } from "node:child_process";
import { createWriteStream, type WriteStream } from "node:fs";

// The archive is a gzipped tar written by GNU tar (every Debian system has it): it walks the media
// tree, keeps long names and modes, and streams, so the archive never needs twice the disk.

export interface TarResult {
  /** tar's warnings (a file removed or changed while it was read: exit status 1). */
  warnings: string;
}

const run = (args: string[], stdout: "ignore" | "collect" | WriteStream): Promise<{ code: number | null; stderr: string; out: string }> =>
  new Promise((resolve, reject) => {
    const child = spawn("tar", args, { stdio: ["ignore", stdout === "ignore" ? "ignore" : "pipe", "pipe"] });
    let [stderr, out] = ["", ""];
    child.stderr!.on("data", (d: Buffer) => (stderr += d.toString()));
    child.once("error", reject);
    if (stdout === "collect") child.stdout!.on("data", (d: Buffer) => (out += d.toString()));
    const piped =
      typeof stdout === "string"
        ? Promise.resolve()
        : new Promise<void>((ok, fail) => child.stdout!.pipe(stdout).once("finish", ok).once("error", fail));
    child.once("close", (code) => void piped.then(() => resolve({ code, stderr, out }), reject));
  });

/**
 * Writes a gzipped tar to `file` (created, mode 0600: it must not exist): `members` of each directory
 * in turn, leaving out names that start with a dot (storage's puts in progress).
 */
export async function writeTar(file: string, parts: { dir: string; members: string[] }[]): Promise<TarResult> {
  const out = createWriteStream(file, { flags: "wx", mode: 0o600 });
  await new Promise<void>((ok, fail) => out.once("open", () => ok()).once("error", fail));
  const args = ["--create", "--gzip", "--file=-", "--exclude=.*"];
  for (const part of parts) if (part.members.length) args.push(`--directory=${part.dir}`, ...part.members);
  const { code, stderr } = await run(args, out);
  // 1: some files changed or vanished while they were read (see docs/operations.md on consistency)
  if (code !== 0 && code !== 1) throw new Error(`tar failed (${code}): ${stderr.trim()}`);
  return { warnings: stderr.trim() };
}

/** Extracts a gzipped tar into `dir` (an existing directory). */
export async function extractTar(file: string, dir: string): Promise<void> {
  const { code, stderr } = await run(["--extract", "--gzip", `--file=${file}`, `--directory=${dir}`, "--no-same-owner"], "ignore");
  if (code !== 0) throw new Error(`${file} is not a readable backup archive (tar ${code}): ${stderr.trim()}`);
}

/** One member of a gzipped tar, as text (the first of that name; the archive's manifest comes first). */
export async function readTarMember(file: string, member: string): Promise<string | undefined> {
  const { code, out } = await run(["--extract", "--gzip", "--to-stdout", "--occurrence=1", `--file=${file}`, member], "collect");
  return code === 0 ? out : undefined;
}
