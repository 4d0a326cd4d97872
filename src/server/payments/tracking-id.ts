import { randomBytes } from "node:crypto";

/** A new trackingId: 128 random bits, 32 lowercase hex digits. */
export const newTrackingId = (): string => randomBytes(16).toString("hex");

/** A trackingId as stored, or undefined when the text cannot be one (never reaches the database). */
export function normalizeTrackingId(value: unknown): string | undefined {
  return typeof value === "string" && /^[0-9a-fA-F]{32}$/.test(value.trim()) ? value.trim().toLowerCase() : undefined;
}

/** `url` with trackingId=<id> added to its query (how the buyer comes back from the provider). */
export function withTrackingId(url: string, trackingId: string): string {
  const u = new URL(url);
  u.searchParams.set("trackingId", trackingId);
  return u.toString();
}
