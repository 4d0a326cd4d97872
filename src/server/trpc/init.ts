import { initTRPC, TRPCError } from "@trpc/server";
import superjson from "superjson";
import type { Ctx } from "@/server/core/context";
import { DomainError, type ErrorCode } from "@/server/core/errors";
import { translate, type Lang } from "@/server/i18n/messages";

export interface TrpcContext extends Ctx {
  lang: Lang;
}

const trpcCode: Record<ErrorCode, TRPCError["code"]> = {
  VALIDATION: "BAD_REQUEST",
  BAD_REQUEST: "BAD_REQUEST",
  UNAUTHORIZED: "UNAUTHORIZED",
  FORBIDDEN: "FORBIDDEN",
  NOT_FOUND: "NOT_FOUND",
  CONFLICT: "CONFLICT",
  DEPENDANTS: "CONFLICT",
  PAYLOAD_TOO_LARGE: "PAYLOAD_TOO_LARGE",
  RATE_LIMITED: "TOO_MANY_REQUESTS",
  TAKEN_DOWN: "FORBIDDEN",
  UNAVAILABLE: "SERVICE_UNAVAILABLE",
};

const t = initTRPC.context<TrpcContext>().create({
  transformer: superjson,
  errorFormatter({ shape, error, ctx }) {
    const cause = error.cause instanceof DomainError ? error.cause : undefined;
    const lang = ctx?.lang ?? "en";
    return {
      ...shape,
      message: cause
        ? translate(lang, cause.messageId, cause.params)
        : error.code === "INTERNAL_SERVER_ERROR"
          ? translate(lang, "error.internal")
          : shape.message,
      data: {
        code: shape.data.code,
        httpStatus: shape.data.httpStatus,
        fieldErrors: cause?.fieldErrors.map((f) => ({ field: f.field, message: translate(lang, f.message, f.params) })) ?? [],
      },
    };
  },
});

/** Domain errors become TRPCErrors carrying the DomainError as cause (REST reads it back from there). */
const domainErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof DomainError) {
    const cause = result.error.cause;
    throw new TRPCError({ code: trpcCode[cause.code], message: cause.messageId, cause });
  }
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure.use(domainErrors);
/** Procedures of the logged user: the domain also checks, this fails early with 401. */
export const userProcedure = publicProcedure.use(({ ctx, next }) => {
  if (ctx.actor.kind !== "user")
    throw new TRPCError({ code: "UNAUTHORIZED", cause: new DomainError("UNAUTHORIZED", "error.tokenInvalid") });
  return next({ ctx: { ...ctx, actor: ctx.actor } });
});
