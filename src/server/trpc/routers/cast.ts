import { publicProcedure, router, userProcedure } from "@/server/trpc/init";
import { inputParser } from "@/server/domain/shared/validation";
import { generateStreamPath, streamPathInput } from "@/server/domain/live/stream-path";
import {
  castChannelIdInput,
  createCastChannel,
  createCastChannelInput,
  deleteCastChannel,
  getCastChannel,
  getPublicCastChannel,
  updateCastChannel,
  updateCastChannelInput,
} from "@/server/domain/cast/cast-channels";
import {
  castStreamIdInput,
  createCastStream,
  createCastStreamInput,
  deleteCastStream,
  getCastStream,
  updateCastStream,
  updateCastStreamInput,
} from "@/server/domain/cast/cast-streams";
import {
  searchCastChannels,
  searchCastChannelsInput,
  searchCastStreams,
  searchCastStreamsInput,
  searchPrograms,
  searchProgramsInput,
  searchPublicCastChannels,
  searchPublicCastChannelsInput,
} from "@/server/domain/cast/cast-search";
import { getProgram, getPublicProgram, programIdInput, updateProgram, updateProgramInput } from "@/server/domain/cast/programs";
import { dayInput, getDailyProgramming, getPublicDailyProgramming } from "@/server/domain/cast/daily-programming";
import { insertPrograms, insertProgramsInput, moveProgram, moveProgramInput, saveDay, saveDayInput } from "@/server/domain/cast/day-writes";
import {
  calendarInput,
  copyCalendar,
  copyCalendarInput,
  deleteCalendar,
  deleteDay,
  deleteDayInput,
  getCalendar,
} from "@/server/domain/cast/calendar";
import {
  playCastChannel,
  playCastChannelInput,
  testCastChannel,
  testCastChannelInput,
  testCastStream,
  testCastStreamInput,
} from "@/server/domain/cast/play-channel";
import { channelEpg, channelEpgInput, creatorEpg, creatorEpgInput } from "@/server/domain/cast/epg";
import { titleSales, titleSalesInput } from "@/server/domain/cast/title-sales";

// Cast channels, streams, programs and their programming. The audience's operations (public reads
// and searches, the stream path) are public procedures; everything that writes is the owner's.
export const castRouter = router({
  createChannel: userProcedure.input(inputParser(createCastChannelInput)).mutation(({ ctx, input }) => createCastChannel(ctx, input)),
  getChannel: userProcedure.input(inputParser(castChannelIdInput)).query(({ ctx, input }) => getCastChannel(ctx, input)),
  getPublicChannel: publicProcedure.input(inputParser(castChannelIdInput)).query(({ ctx, input }) => getPublicCastChannel(ctx, input)),
  updateChannel: userProcedure.input(inputParser(updateCastChannelInput)).mutation(({ ctx, input }) => updateCastChannel(ctx, input)),
  deleteChannel: userProcedure.input(inputParser(castChannelIdInput)).mutation(({ ctx, input }) => deleteCastChannel(ctx, input)),
  searchChannels: userProcedure.input(inputParser(searchCastChannelsInput)).query(({ ctx, input }) => searchCastChannels(ctx, input)),
  searchPublicChannels: publicProcedure
    .input(inputParser(searchPublicCastChannelsInput))
    .query(({ ctx, input }) => searchPublicCastChannels(ctx, input)),
  streamPath: publicProcedure.input(inputParser(streamPathInput)).query(({ ctx, input }) => generateStreamPath(ctx, input)),
  createStream: userProcedure.input(inputParser(createCastStreamInput)).mutation(({ ctx, input }) => createCastStream(ctx, input)),
  getStream: userProcedure.input(inputParser(castStreamIdInput)).query(({ ctx, input }) => getCastStream(ctx, input)),
  updateStream: userProcedure.input(inputParser(updateCastStreamInput)).mutation(({ ctx, input }) => updateCastStream(ctx, input)),
  deleteStream: userProcedure.input(inputParser(castStreamIdInput)).mutation(({ ctx, input }) => deleteCastStream(ctx, input)),
  searchStreams: userProcedure.input(inputParser(searchCastStreamsInput)).query(({ ctx, input }) => searchCastStreams(ctx, input)),
  getProgram: userProcedure.input(inputParser(programIdInput)).query(({ ctx, input }) => getProgram(ctx, input)),
  getPublicProgram: publicProcedure.input(inputParser(programIdInput)).query(({ ctx, input }) => getPublicProgram(ctx, input)),
  updateProgram: userProcedure.input(inputParser(updateProgramInput)).mutation(({ ctx, input }) => updateProgram(ctx, input)),
  searchPrograms: publicProcedure.input(inputParser(searchProgramsInput)).query(({ ctx, input }) => searchPrograms(ctx, input)),
  getDay: userProcedure.input(inputParser(dayInput)).query(({ ctx, input }) => getDailyProgramming(ctx, input)),
  getPublicDay: publicProcedure.input(inputParser(dayInput)).query(({ ctx, input }) => getPublicDailyProgramming(ctx, input)),
  saveDay: userProcedure.input(inputParser(saveDayInput)).mutation(({ ctx, input }) => saveDay(ctx, input)),
  insertPrograms: userProcedure.input(inputParser(insertProgramsInput)).mutation(({ ctx, input }) => insertPrograms(ctx, input)),
  moveProgram: userProcedure.input(inputParser(moveProgramInput)).mutation(({ ctx, input }) => moveProgram(ctx, input)),
  deleteDay: userProcedure.input(inputParser(deleteDayInput)).mutation(({ ctx, input }) => deleteDay(ctx, input)),
  getCalendar: userProcedure.input(inputParser(calendarInput)).query(({ ctx, input }) => getCalendar(ctx, input)),
  deleteCalendar: userProcedure.input(inputParser(calendarInput)).mutation(({ ctx, input }) => deleteCalendar(ctx, input)),
  copyCalendar: userProcedure.input(inputParser(copyCalendarInput)).mutation(({ ctx, input }) => copyCalendar(ctx, input)),
  playChannel: publicProcedure.input(inputParser(playCastChannelInput)).mutation(({ ctx, input }) => playCastChannel(ctx, input)),
  testChannel: userProcedure.input(inputParser(testCastChannelInput)).mutation(({ ctx, input }) => testCastChannel(ctx, input)),
  titleSales: userProcedure.input(inputParser(titleSalesInput)).query(({ ctx, input }) => titleSales(ctx, input)),
  channelEpg: publicProcedure.input(inputParser(channelEpgInput)).query(({ ctx, input }) => channelEpg(ctx, input)),
  creatorEpg: publicProcedure.input(inputParser(creatorEpgInput)).query(({ ctx, input }) => creatorEpg(ctx, input)),
  testStream: userProcedure.input(inputParser(testCastStreamInput)).mutation(({ ctx, input }) => testCastStream(ctx, input)),
});
