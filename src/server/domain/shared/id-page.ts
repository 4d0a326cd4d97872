import { Prisma } from "@/generated/prisma/client";
import type { Ctx } from "@/server/core/context";
import { searchPage, type SearchPage, type SearchRequest } from "./search";

/**
 * A page of a search in two statements run together (the total, the page's ids: the `id` column of
 * the rows `from` selects, in `order`), then `load` reads the page's items by id; they come back in
 * the ids' order, an id `load` did not find left out.
 */
export async function readIdPage<T>(
  ctx: Ctx,
  request: SearchRequest,
  query: { from: Prisma.Sql; id: string; order: Prisma.Sql },
  load: (ids: string[]) => Promise<Map<string, T>>,
): Promise<SearchPage<T>> {
  const [countRows, idRows] = await Promise.all([
    ctx.db.$queryRaw<{ count: bigint | number }[]>`SELECT count(*) AS count ${query.from}`,
    ctx.db.$queryRaw<{ id: string }[]>`SELECT ${Prisma.raw(query.id)}::text AS id ${query.from} ORDER BY ${query.order}
      LIMIT ${request.pageSize} OFFSET ${request.pageIndex * request.pageSize}`,
  ]);
  const ids = idRows.map((r) => r.id);
  const byId = ids.length ? await load(ids) : new Map<string, T>();
  return searchPage(
    request,
    Number(countRows[0]?.count ?? 0),
    ids.flatMap((id) => byId.get(id) ?? []),
  );
}
