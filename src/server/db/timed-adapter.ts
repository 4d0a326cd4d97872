/**
 * A Prisma driver adapter whose statements are timed where they meet the driver: each `queryRaw` and
 * `executeRaw` of its connections and of their transactions reports its duration to `observe`
 * (kinora_db_query_duration_seconds{client="prisma"}). Prisma's own query event does more per
 * statement (a date, the parameters serialised to JSON, an event emitted) than the timing needs.
 */

/** Seconds one statement took. */
export type Observe = (seconds: number) => void;

interface Queryable {
  queryRaw(query: never): Promise<unknown>;
  executeRaw(query: never): Promise<unknown>;
}

interface Connection extends Queryable {
  startTransaction(...args: never[]): Promise<Queryable>;
}

interface AdapterFactory {
  connect(): Promise<Connection>;
}

/** `run` timed: the driver's own promise is returned (no extra hop for the caller), the observation hangs beside it. */
export function timedCall<A extends unknown[], R>(run: (...args: A) => Promise<R>, observe: Observe): (...args: A) => Promise<R> {
  return (...args) => {
    const start = performance.now();
    const result = run(...args);
    const done = () => observe((performance.now() - start) / 1000);
    result.then(done, done);
    return result;
  };
}

/** `target` with its own methods overridden by `own`; every other member read from it (methods bound to it: classes may hold private fields). */
function overriding<T extends object>(target: T, own: Partial<Record<keyof T, unknown>>): T {
  return new Proxy(target, {
    get(t, prop) {
      if (Object.hasOwn(own, prop)) return own[prop as keyof T];
      const value: unknown = Reflect.get(t, prop, t);
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(t) : value;
    },
  });
}

function timedQueryable<Q extends Queryable>(q: Q, observe: Observe, more: Partial<Record<keyof Q, unknown>> = {}): Q {
  return overriding(q, {
    queryRaw: timedCall(q.queryRaw.bind(q), observe),
    executeRaw: timedCall(q.executeRaw.bind(q), observe),
    ...more,
  } as Partial<Record<keyof Q, unknown>>);
}

/** `factory` whose connections (and their transactions) time their statements. */
export function timedAdapter<F extends AdapterFactory>(factory: F, observe: Observe): F {
  return overriding(factory, {
    connect: async () => {
      const connection = await factory.connect();
      return timedQueryable(connection, observe, {
        startTransaction: async (...args: never[]) => timedQueryable(await connection.startTransaction(...args), observe),
      });
    },
  } as Partial<Record<keyof F, unknown>>);
}
