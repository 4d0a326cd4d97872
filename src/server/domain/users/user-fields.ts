import { z } from "zod";
import { zIsoDate, zText } from "@/server/core/schema";

// Field rules shared by register and update, so both validate a user the same way.
export const USER_CODE_RE = /^[A-Za-z0-9._-]{3,32}$/;

export const zUserCode = () =>
  z.preprocess((v) => (typeof v === "string" ? v.trim() : v), z.string().regex(USER_CODE_RE, "field.userCode"));
export const zEmail = () => z.preprocess((v) => (typeof v === "string" ? v.trim().toLowerCase() : v), z.email("field.email").max(254));
export const zPassword = () => z.string().min(8, "field.passwordWeak").max(200);
export const zLanguage = () =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim().toLowerCase() : v),
    z.string().regex(/^[a-z]{2}(-[a-z0-9]{2,8})?$/, "field.language"),
  );
export const zBirthDate = () =>
  zIsoDate().refine((s) => new Date(`${s}T00:00:00Z`).getTime() < Date.now() && s >= "1900-01-01", "field.dateInPast");
export const zName = () => zText(100);
