import { boxTusServer } from "@/server/box-tus/box-tus-server";

// /uploads/box[/<id>] - the portal's resumable uploads (tus 1.0); see src/server/box-tus.
export const dynamic = "force-dynamic";

function handler(req: Request): Promise<Response> {
  return boxTusServer().handleWeb(req);
}

export { handler as GET, handler as HEAD, handler as POST, handler as PATCH, handler as DELETE, handler as OPTIONS };
