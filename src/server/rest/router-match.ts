import type { HttpMethod, RestRoute } from "./route";

interface Node {
  literal: Map<string, Node>;
  /** One child for any {param} at this level; each route names its own params (the document's GET and the supplement's POST of a path may differ). */
  param?: Node;
  routes: Map<HttpMethod, { route: RestRoute; names: string[] }>;
}

const newNode = (): Node => ({ literal: new Map(), routes: new Map() });

export type Match = { route: RestRoute; params: Record<string, string> } | { methodNotAllowed: HttpMethod[] } | null;

/** A segment trie over the route tables; literal segments win over {params}. */
export class RouteMatcher {
  private root = newNode();

  constructor(routes: RestRoute[]) {
    for (const r of routes) this.add(r);
  }

  private add(r: RestRoute): void {
    let node = this.root;
    const names: string[] = [];
    for (const seg of split(r.path)) {
      const param = /^\{(\w+)\}$/.exec(seg);
      if (param) {
        names.push(param[1]!);
        node = node.param ??= newNode();
      } else {
        let next = node.literal.get(seg);
        if (!next) node.literal.set(seg, (next = newNode()));
        node = next;
      }
    }
    if (node.routes.has(r.method)) throw new Error(`duplicate route ${r.method} ${r.path}`);
    node.routes.set(r.method, { route: r, names });
  }

  /**
   * The route for a method and a path. Literal segments win over {params}; when the best path has no
   * route for the method, a path that has one is looked for before answering 405. HEAD is GET.
   */
  match(method: string, pathname: string): Match {
    const segs = decodeSegments(pathname);
    if (!segs) return null;
    const wanted = (method === "HEAD" ? "GET" : method) as HttpMethod;
    const allowed = new Set<HttpMethod>();
    for (const found of walk(this.root, segs, 0, [])) {
      const entry = found.node.routes.get(wanted);
      if (entry) return { route: entry.route, params: Object.fromEntries(entry.names.map((name, i) => [name, found.values[i]!])) };
      for (const m of found.node.routes.keys()) allowed.add(m);
    }
    return allowed.size ? { methodNotAllowed: [...allowed] } : null;
  }
}

/** Every node the path reaches, best first (a literal segment before a {param} at each level). */
function* walk(node: Node, segs: string[], i: number, values: string[]): Generator<{ node: Node; values: string[] }> {
  if (i === segs.length) {
    if (node.routes.size) yield { node, values };
    return;
  }
  const seg = segs[i]!;
  const lit = node.literal.get(seg);
  if (lit) yield* walk(lit, segs, i + 1, values);
  if (node.param) yield* walk(node.param, segs, i + 1, [...values, seg]);
}

/** Trailing slashes are ignored: clients call documented paths with one (supplement §3). */
const split = (path: string) => path.split("/").filter(Boolean);

/** Path segments percent-decoded one by one (an encoded "/" stays inside its segment); null when malformed. */
function decodeSegments(pathname: string): string[] | null {
  try {
    return split(pathname).map((seg) => decodeURIComponent(seg));
  } catch {
    return null;
  }
}
