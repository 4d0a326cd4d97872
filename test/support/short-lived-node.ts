// V8 flags for the suite's short-lived Node processes: test files, and the servers and workers they
// start (startKinora, startWorkerProcess). PGlite's Postgres and Prisma's query compiler are
// WebAssembly, which V8 compiles twice: at once with Liftoff, then again in the background with
// TurboFan. A process that lives for a few tests never earns the second compile back: with
// --liftoff-only a server starts on about half the CPU (7.7 s against 4.2 s on PGlite, 4.6 s against
// 2.7 s on PostgreSQL) and the integration tests take 44 s of CPU instead of 25 s. What runs is the
// same code; only the machine code it is compiled to differs.
// scripts/test.ts runs the test files with these flags and names them in KINORA_TEST_NODE_FLAGS, which
// the servers and workers the files start take; its shared servers (one per half, which serve most of
// the requests) and the benchmarks run as production does.

export const SHORT_LIVED_NODE_FLAGS = ["--liftoff-only"];

/** The flags a test's server or worker process runs with (none outside scripts/test.ts: a bench's servers). */
export function shortLivedNodeFlags(): string[] {
  return (process.env.KINORA_TEST_NODE_FLAGS ?? "").split(/\s+/).filter(Boolean);
}
