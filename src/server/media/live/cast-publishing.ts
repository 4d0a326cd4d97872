// Which cast streams have a publisher now, and since when (domain/live/cast-publish.ts admits and
// ends their publishes; the cast playout reads it). Kept in this process: the hooks and the playout
// run here, and nginx-rtmp stops with it.

const slot = globalThis as unknown as { __kinoraCastPublishing?: Map<string, { since: number; clientId: string }> };
const publishing = (slot.__kinoraCastPublishing ??= new Map());

/** When the stream's current publisher began to publish, or null when none is connected. */
export function castPublishingSince(streamId: string): number | null {
  return publishing.get(streamId)?.since ?? null;
}

/** The stream's publisher `clientId` began to publish now. */
export function castPublishStarted(streamId: string, clientId: string): void {
  publishing.set(streamId, { since: Date.now(), clientId });
}

/** The publisher `clientId` stopped: the stream has none any more, unless another one took its place meanwhile. */
export function castPublishEnded(streamId: string, clientId: string): void {
  if (publishing.get(streamId)?.clientId === clientId) publishing.delete(streamId);
}
