import type { HttpMethod, RestRoute } from "./route";

interface Node {
  literal: Map<string, Node>;
  param?: { name: string; node: Node };
  routes: Map<HttpMethod, RestRoute>;
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
    for (const seg of split(r.path)) {
      const param = /^\{(\w+)\}$/.exec(seg);
      if (param) {
        node.param ??= { name: param[1]!, node: newNode() };
        if (node.param.name !== param[1]) throw new Error(`conflicting parameter names at ${r.path}`);
        node = node.param.node;
      } else {
        let next = node.literal.get(seg);
        if (!next) node.literal.set(seg, (next = newNode()));
        node = next;
      }
    }
    if (node.routes.has(r.method)) throw new Error(`duplicate route ${r.method} ${r.path}`);
    node.routes.set(r.method, r);
  }

  match(method: string, pathname: string): Match {
    const found = walk(this.root, split(pathname), 0, {});
    if (!found) return null;
    const route = found.node.routes.get(method as HttpMethod);
    if (route) return { route, params: found.params };
    return found.node.routes.size ? { methodNotAllowed: [...found.node.routes.keys()] } : null;
  }
}

function walk(node: Node, segs: string[], i: number, params: Record<string, string>): { node: Node; params: Record<string, string> } | null {
  if (i === segs.length) return node.routes.size ? { node, params } : null;
  const seg = segs[i]!;
  const lit = node.literal.get(seg);
  const viaLiteral = lit && walk(lit, segs, i + 1, params);
  if (viaLiteral) return viaLiteral;
  if (node.param) {
    let value: string;
    try {
      value = decodeURIComponent(seg);
    } catch {
      return null;
    }
    return walk(node.param.node, segs, i + 1, { ...params, [node.param.name]: value });
  }
  return null;
}

/** Trailing slashes are ignored: clients call documented paths with one (supplement §3). */
const split = (path: string) => path.split("/").filter(Boolean);
