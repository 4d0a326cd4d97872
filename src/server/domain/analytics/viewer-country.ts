import { open, type CountryResponse, type Reader } from "maxmind";
import { env } from "@/server/env";
import { logger } from "@/server/log/logger.mjs";

// The country of a beacon's address (docs/analytics.md "Countries"), only when a local GeoIP
// database is configured (GEOIP_DATABASE, a MaxMind .mmdb such as GeoLite2-Country): looked up at
// intake and kept as the ISO code alone; without one, or for an address it does not know, none.

let reader: Promise<Reader<CountryResponse> | undefined> | undefined;

function database(): Promise<Reader<CountryResponse> | undefined> {
  const file = env().GEOIP_DATABASE;
  if (!file) return Promise.resolve(undefined);
  reader ??= open<CountryResponse>(file).catch((err: unknown) => {
    logger().warn({ err, file }, "GEOIP_DATABASE cannot be read: the analytics count no countries");
    return undefined;
  });
  return reader;
}

/** The ISO 3166 code of the country of `address`, when the database knows it. */
export async function countryOf(address: string | undefined): Promise<string | undefined> {
  if (!address) return undefined;
  const db = await database();
  if (!db) return undefined;
  try {
    const code = db.get(address)?.country?.iso_code;
    return code && /^[A-Z]{2}$/.test(code) ? code : undefined;
  } catch {
    return undefined; // not an address the database can look up (an IPv6 one in an IPv4 database)
  }
}
