import { publicProcedure, router, userProcedure } from "@/server/trpc/init";
import { inputParser } from "@/server/domain/shared/validation";
import { createChannel, createChannelInput } from "@/server/domain/live/create-channel";
import { getChannel, getChannelInput, getPublicChannel } from "@/server/domain/live/get-channel";
import { updateChannel, updateChannelInput } from "@/server/domain/live/update-channel";
import { deleteChannel, deleteChannelInput } from "@/server/domain/live/delete-channel";
import { searchChannels, searchChannelsInput, searchPublicChannels, searchPublicChannelsInput } from "@/server/domain/live/search-channels";
import { generateStreamPath, streamPathInput } from "@/server/domain/live/stream-path";
import { playChannel, playChannelInput, testChannel, testChannelInput } from "@/server/domain/live/play-channel";
import { createEvent, createEventInput } from "@/server/domain/live/create-event";
import { getEvent, getEventInput, getPublicEvent } from "@/server/domain/live/get-event";
import { updateEvent, updateEventInput } from "@/server/domain/live/update-event";
import { deleteEvent, deleteEventInput } from "@/server/domain/live/delete-event";
import { searchEvents, searchEventsInput, searchPublicEvents, searchPublicEventsInput } from "@/server/domain/live/search-events";
import { playEvent, playEventInput } from "@/server/domain/live/play-event";
import { payEvent, payEventInput } from "@/server/domain/live/pay-event";
import { streamState, streamStateInput } from "@/server/domain/live/stream-state";
import { audience, audienceInput } from "@/server/domain/live/audience";

// The audience's operations (public reads and searches, stream path, play, pay) are public
// procedures: the live pages call them for signed-out visitors too; a signed-in caller is the
// buyer and the owner.
export const liveRouter = router({
  createChannel: userProcedure.input(inputParser(createChannelInput)).mutation(({ ctx, input }) => createChannel(ctx, input)),
  getChannel: userProcedure.input(inputParser(getChannelInput)).query(({ ctx, input }) => getChannel(ctx, input)),
  getPublicChannel: publicProcedure.input(inputParser(getChannelInput)).query(({ ctx, input }) => getPublicChannel(ctx, input)),
  updateChannel: userProcedure.input(inputParser(updateChannelInput)).mutation(({ ctx, input }) => updateChannel(ctx, input)),
  deleteChannel: userProcedure.input(inputParser(deleteChannelInput)).mutation(({ ctx, input }) => deleteChannel(ctx, input)),
  searchChannels: userProcedure.input(inputParser(searchChannelsInput)).query(({ ctx, input }) => searchChannels(ctx, input)),
  searchPublicChannels: publicProcedure
    .input(inputParser(searchPublicChannelsInput))
    .query(({ ctx, input }) => searchPublicChannels(ctx, input)),
  streamPath: publicProcedure.input(inputParser(streamPathInput)).query(({ ctx, input }) => generateStreamPath(ctx, input)),
  playChannel: publicProcedure.input(inputParser(playChannelInput)).mutation(({ ctx, input }) => playChannel(ctx, input)),
  testChannel: userProcedure.input(inputParser(testChannelInput)).mutation(({ ctx, input }) => testChannel(ctx, input)),
  createEvent: userProcedure.input(inputParser(createEventInput)).mutation(({ ctx, input }) => createEvent(ctx, input)),
  getEvent: userProcedure.input(inputParser(getEventInput)).query(({ ctx, input }) => getEvent(ctx, input)),
  getPublicEvent: publicProcedure.input(inputParser(getEventInput)).query(({ ctx, input }) => getPublicEvent(ctx, input)),
  updateEvent: userProcedure.input(inputParser(updateEventInput)).mutation(({ ctx, input }) => updateEvent(ctx, input)),
  deleteEvent: userProcedure.input(inputParser(deleteEventInput)).mutation(({ ctx, input }) => deleteEvent(ctx, input)),
  searchEvents: userProcedure.input(inputParser(searchEventsInput)).query(({ ctx, input }) => searchEvents(ctx, input)),
  searchPublicEvents: publicProcedure.input(inputParser(searchPublicEventsInput)).query(({ ctx, input }) => searchPublicEvents(ctx, input)),
  playEvent: publicProcedure.input(inputParser(playEventInput)).mutation(({ ctx, input }) => playEvent(ctx, input)),
  /** Whether the channel's stream is arriving now (the live pages poll it for their LIVE badge). */
  streamState: publicProcedure.input(inputParser(streamStateInput)).query(({ ctx, input }) => streamState(ctx, input)),
  /** A live page's presence, renewed while it shows the stream or the replay: the viewer count (and the peak). */
  audience: publicProcedure.input(inputParser(audienceInput)).mutation(({ ctx, input }) => audience(ctx, input)),
  payEvent: publicProcedure.input(inputParser(payEventInput)).mutation(({ ctx, input }) => payEvent(ctx, input)),
});
