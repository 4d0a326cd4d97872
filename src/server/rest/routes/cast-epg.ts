import { route, untrusted } from "@/server/rest/route";
import { DomainError } from "@/server/core/errors";
import { channelEpgInput, creatorEpgInput, type Epg } from "@/server/domain/cast/epg";
import { playCastChannelInput } from "@/server/domain/cast/play-channel";
import { xmltvDocument } from "@/server/media/cast/xmltv";
import { m3uPlaylist } from "@/server/media/cast/m3u";

// The guide and the channel list IPTV apps read, at stable public URLs with no token (IPTV apps
// cannot do OAuth): XMLTV of one channel and of every channel of a creator, the creator's M3U whose
// entries are the channels' stable stream URLs, each answering 302 to a freshly signed master playlist.

const XMLTV_TYPE = "application/xml; charset=utf-8";
const M3U_TYPE = "audio/x-mpegurl; charset=utf-8";

/** Guides change as days are programmed: caches may keep them a few minutes. */
const text = (body: string, contentType: string) =>
  new Response(body, {
    status: 200,
    headers: { "Content-Type": contentType, "Cache-Control": "public, max-age=300", "X-Content-Type-Options": "nosniff" },
  });

const xmltv = (epg: Epg) => text(xmltvDocument(epg.channels, epg.programmes), XMLTV_TYPE);
const xmlSchema = { type: "string", description: "an XMLTV document (the DTD of xmltv-util)" };

export const castEpgRoutes = [
  // GET /cast/{channelId}/xmltv.xml - one channel's guide, a day back to a week ahead
  route({
    method: "GET",
    path: "/cast/{channelId}/xmltv.xml",
    auth: "none",
    status: 200,
    contentType: XMLTV_TYPE,
    summary: "XMLTV guide of a cast channel",
    requestSchema: channelEpgInput,
    responseSchema: xmlSchema,
    handle: async ({ caller, params }) => xmltv(await caller.cast.channelEpg(untrusted({ channelId: params.channelId }))),
  }),
  // GET /cast/{channelId}/stream.m3u8 - 302 to the channel's freshly signed master playlist
  route({
    method: "GET",
    path: "/cast/{channelId}/stream.m3u8",
    auth: "none",
    status: 302,
    summary: "Play a cast channel from an IPTV app (redirect to its signed HLS)",
    requestSchema: playCastChannelInput,
    errors: [403],
    handle: async ({ caller, params }) => {
      const played = await caller.cast.playChannel(untrusted({ channelId: params.channelId }));
      if (played.result !== "PLAY") throw new DomainError("FORBIDDEN", played.messageId);
      return new Response(null, { status: 302, headers: { Location: played.file, "Cache-Control": "no-store" } });
    },
  }),
  // GET /cast/user/{userCode}/xmltv.xml - the guide of every channel of a creator
  route({
    method: "GET",
    path: "/cast/user/{userCode}/xmltv.xml",
    auth: "none",
    status: 200,
    contentType: XMLTV_TYPE,
    summary: "XMLTV guide of a creator's cast channels",
    requestSchema: creatorEpgInput,
    responseSchema: xmlSchema,
    handle: async ({ caller, params }) => xmltv(await caller.cast.creatorEpg(untrusted({ userCode: params.userCode }))),
  }),
  // GET /cast/user/{userCode}/playlist.m3u - the creator's channels for IPTV apps (tvg-id, tvg-logo, group-title)
  route({
    method: "GET",
    path: "/cast/user/{userCode}/playlist.m3u",
    auth: "none",
    status: 200,
    contentType: M3U_TYPE,
    summary: "M3U playlist of a creator's cast channels",
    requestSchema: creatorEpgInput,
    responseSchema: { type: "string", description: "an extended M3U playlist, its guide in url-tvg" },
    handle: async (call) => {
      const epg = await call.caller.cast.creatorEpg(untrusted({ userCode: call.params.userCode }));
      return text(m3uPlaylist(epg.channels, epg.guideUrl ?? null), M3U_TYPE);
    },
  }),
];
