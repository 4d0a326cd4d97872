import type { Db } from "@/server/db/client";
import { notFound } from "@/server/core/errors";

/** The document's License, with domain types (cents, GB, MB). */
export interface LicenseView {
  id: number;
  name: string;
  priceCents: number;
  currency: string;
  dayDuration: number;
  storageGb: number;
  bandGb: number;
  streamingAmount: number;
  maxVideoSizeMb: number;
  maxUploadNumber: number;
  support: string;
}

export const licenseSelect = {
  id: true,
  name: true,
  priceCents: true,
  currency: true,
  dayDuration: true,
  storageGb: true,
  bandGb: true,
  streamingAmount: true,
  maxVideoSizeMb: true,
  maxUploadNumber: true,
  support: true,
} as const;

/** A license of the catalogue by its name, whatever its case ("basic" is Basic); 404 otherwise. */
export async function loadLicenseByName(db: Db, name: unknown): Promise<LicenseView> {
  const wanted = typeof name === "string" ? name.trim() : "";
  const row = wanted
    ? await db.license.findFirst({ where: { name: { equals: wanted, mode: "insensitive" } }, select: licenseSelect })
    : null;
  if (!row) throw notFound("error.licenseNotFound");
  return row;
}

/** The whole catalogue, cheapest first (the portal's Plans page). */
export async function listLicenses(db: Db): Promise<LicenseView[]> {
  return db.license.findMany({ orderBy: [{ priceCents: "asc" }, { id: "asc" }], select: licenseSelect });
}
