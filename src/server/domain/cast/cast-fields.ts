import { z } from "zod";
import { channelFields } from "@/server/domain/live/channel-fields";
import { emptyToUndefined, zBool } from "@/server/core/schema";

/**
 * The body of cast stream create and update (interface Cast streams table): the live channel's
 * fields without `public` (a stream is only ever played inside its channels' LIVE programs).
 */
export const castStreamFields = channelFields.omit({ public: true });

/**
 * The body of cast channel create and update: the stream's fields and `locked`. Clients post the
 * whole channel back, so `locked` is set and cleared here: absent is false (unlocked).
 */
export const castChannelFields = castStreamFields.extend({
  locked: z.preprocess((v) => emptyToUndefined(v) ?? false, zBool()),
});

export type CastStreamFields = z.output<typeof castStreamFields>;
export type CastChannelFields = z.output<typeof castChannelFields>;
