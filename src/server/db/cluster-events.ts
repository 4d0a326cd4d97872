// Events between the nodes of one instance (docs/deploy.md "Shared state"): what one node changed
// that the others keep in memory (a cast channel's schedule, a cast stream's publisher). A node
// publishes (topic, key) with PostgreSQL's NOTIFY on one channel, in the caller's transaction when
// there is one, so it is delivered when that commits and never for a rollback; every process LISTENs
// on a connection of its own (the database's client opens it: client.ts) and hands each event to the
// handlers of its topic, its own events included. On PGlite the one process gets them the same way.
// A process whose listening connection broke may have missed events: once it listens again, every
// handler is told to forget all it keeps (key null).
import type { Prisma } from "@/generated/prisma/client";

export const CLUSTER_EVENTS_CHANNEL = "kinora_events";

/** Told the key of each event of its topic; null: events may have been missed, forget everything. */
export type ClusterEventHandler = (key: string | null) => void;

const slot = globalThis as unknown as { __kinoraClusterEvents?: Map<string, Set<ClusterEventHandler>> };
const handlers = (slot.__kinoraClusterEvents ??= new Map());

const TOPIC = /^[a-z][a-z0-9.-]{0,39}$/;

/** Calls `handler` with the key of every event of `topic` from now on; returns its removal. */
export function onClusterEvent(topic: string, handler: ClusterEventHandler): () => void {
  if (!TOPIC.test(topic)) throw new Error(`not a topic: ${topic}`);
  let set = handlers.get(topic);
  if (!set) handlers.set(topic, (set = new Set()));
  set.add(handler);
  return () => set.delete(handler);
}

/** Sends (topic, key) to every node, this one included: at once, or at the commit of `db`'s transaction. */
export async function publishClusterEvent(db: Pick<Prisma.TransactionClient, "$executeRaw">, topic: string, key: string): Promise<void> {
  if (!TOPIC.test(topic)) throw new Error(`not a topic: ${topic}`);
  await db.$executeRaw`SELECT pg_notify(${CLUSTER_EVENTS_CHANNEL}, ${`${topic} ${key}`})`;
}

const run = (handler: ClusterEventHandler, key: string | null) => {
  try {
    handler(key);
  } catch {
    // one handler's failure must not keep the event from the others
  }
};

/** Hands a notification's payload ("<topic> <key>") to its topic's handlers (the database's listener). */
export function deliverClusterEvent(payload: string): void {
  const at = payload.indexOf(" ");
  if (at <= 0) return;
  for (const handler of handlers.get(payload.slice(0, at)) ?? []) run(handler, payload.slice(at + 1));
}

/** Tells every handler that events may have been missed (the listener reconnected). */
export function clusterEventsMissed(): void {
  for (const set of handlers.values()) for (const handler of set) run(handler, null);
}
