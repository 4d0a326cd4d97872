// What the scrape-time gauges of /metrics read (src/server/metrics/registry.mjs): the shared job
// queue, the nodes' heartbeats, the live and cast figures, from this process's database; and in
// the web process, its RTMP ingest (nginx-rtmp's statistics). Registered by every process that
// serves /metrics (the web process's instrumentation, `npm run worker`).
import type { Db } from "@/server/db/client";
import { castChannelsOnAir } from "@/server/domain/cast/on-air-count";
import { openPublishCount, viewerCounts } from "@/server/domain/live/live-gauges";
import { waitingJobs } from "@/server/jobs/queue";
import { publishingStreams, type RtmpStream } from "@/server/media/live/rtmp-stat";
import { setScrapeSource } from "@/server/metrics/registry.mjs";
import { countAliveNodes } from "@/server/lease/cluster-nodes";

export function registerMetricSources(db: Db, options: { rtmp?: boolean } = {}): void {
  setScrapeSource("jobsWaiting", () => waitingJobs(db));
  setScrapeSource("workersAlive", () => countAliveNodes(db, "worker"));
  setScrapeSource("livePublishing", () => openPublishCount(db));
  setScrapeSource("liveViewers", () => viewerCounts(db));
  setScrapeSource("castOnAir", () => castChannelsOnAir(db));
  if (!options.rtmp) return;
  // one read of rtmp_stat per scrape for both gauges; a short timeout (a scrape must stay fast)
  let last: { at: number; streams: Promise<RtmpStream[] | undefined> } | undefined;
  const streams = () => {
    if (!last || Date.now() - last.at > 1000) last = { at: Date.now(), streams: publishingStreams(500) };
    return last.streams;
  };
  setScrapeSource("liveIngestStreams", async () => (await streams())?.length);
  setScrapeSource("liveIngestRate", async () => {
    const list = await streams();
    return list && list.reduce((sum, s) => sum + s.bitsPerSecondIn / 8, 0);
  });
}
