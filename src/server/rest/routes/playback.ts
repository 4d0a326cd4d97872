import { route, untrusted } from "@/server/rest/route";
import { playBoxInput } from "@/server/domain/playback/play-box";
import { playResultSchema, renderPlayResult } from "@/server/rest/render/play-result";
import { boxItemSchema, renderBoxItem } from "@/server/rest/render/box-item";

export const playbackRoutes = [
  // POST /api/box/{boxId}/play - the owner plays a box item: signed HLS URLs (409 while nothing is playable, or FAILED)
  route({
    method: "POST",
    path: "/api/box/{boxId}/play",
    auth: "private",
    status: 200,
    summary: "Play a box item",
    requestSchema: playBoxInput,
    responseSchema: playResultSchema(boxItemSchema),
    errors: [404, 409],
    handle: async ({ caller, params, lang }) => {
      const played = await caller.playback.playBox(untrusted({ boxId: params.boxId }));
      return renderPlayResult(played, renderBoxItem(played.resource), lang);
    },
  }),
];
