import { z } from "zod";
import { PaymentMode } from "@/generated/prisma/enums";
import { emptyToUndefined, zBool, zOptionalText, zPriceCents, zTags, zText } from "@/server/core/schema";
import { upperOrUndefined } from "@/server/domain/vod/vod-fields";

export const PAYMENT_MODES = Object.values(PaymentMode);
export const EVENT_NAME_MAX = 200;
export const EVENT_DESCRIPTION_MAX = 4000;
/** The longest event: two days (a window a ticket covers, and the recording's bound; field.eventTooLong says 48). */
export const EVENT_MAX_HOURS = 48;

/**
 * An instant: a Date (tRPC) or an ISO date-time (the REST layer reads the document's {date, time}
 * in the X-Service-timezone offset); anything else is "must be a date-time". Whole seconds (the
 * document's unit).
 */
export const zInstant = () =>
  z
    .preprocess(
      (v) => (typeof v === "string" && /^\d{4}-\d{2}-\d{2}T/.test(v) ? new Date(v) : v),
      z
        .date({ error: (issue) => (issue.input === undefined || issue.input === null ? "field.required" : "field.dateTime") })
        .refine((d) => !Number.isNaN(d.getTime()), "field.dateTime")
        .transform((d) => new Date(Math.floor(d.getTime() / 1000) * 1000)),
    )
    .meta({ wire: "dateTime" });

/**
 * The body of event create and update (interface Live events table): name, paymentMode (FREE,
 * PAY_PER_VIEW), eventDate and endDate required; pricePerView required with PAY_PER_VIEW (checked
 * when sent with FREE, not kept: clients post back what they read); description, publicEvent
 * (default true: listed, rule 3), recordEvent (default false), thumbnailId, tags optional. The end
 * is after the start, at most EVENT_MAX_HOURS later; overlaps are checked against the channel.
 */
export const eventFields = z
  .object({
    name: zText(EVENT_NAME_MAX),
    paymentMode: z.preprocess(
      upperOrUndefined,
      z.enum(PAYMENT_MODES, { error: (issue) => (issue.input === undefined ? "field.required" : "field.paymentMode") }),
    ),
    pricePerView: z.preprocess(emptyToUndefined, zPriceCents("field.pricePerView").optional()),
    eventDate: zInstant(),
    endDate: zInstant(),
    description: zOptionalText(EVENT_DESCRIPTION_MAX),
    publicEvent: z.preprocess((v) => emptyToUndefined(v) ?? true, zBool()),
    recordEvent: z.preprocess((v) => emptyToUndefined(v) ?? false, zBool()),
    thumbnailId: z.preprocess(emptyToUndefined, z.uuid("field.thumbnailId").optional()),
    tags: z.preprocess((v) => v ?? [], zTags()),
  })
  .superRefine((v, ctx) => {
    if (v.paymentMode === "PAY_PER_VIEW" && v.pricePerView === undefined)
      ctx.addIssue({ code: "custom", path: ["pricePerView"], message: "field.required" });
    if (!v.eventDate || !v.endDate) return;
    if (v.endDate.getTime() <= v.eventDate.getTime()) ctx.addIssue({ code: "custom", path: ["endDate"], message: "field.endBeforeStart" });
    else if (v.endDate.getTime() - v.eventDate.getTime() > EVENT_MAX_HOURS * 3600_000)
      ctx.addIssue({ code: "custom", path: ["endDate"], message: "field.eventTooLong" });
  });

export type EventFields = z.output<typeof eventFields>;
