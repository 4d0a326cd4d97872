// The documented endpoints, as committed in test/support/documented-endpoints.json (generated from the
// interface document and its supplement by scripts/documented-endpoints.ts): every clone has them.
import { readFileSync } from "node:fs";
import { DOCUMENTED_ENDPOINTS_FILE, type DocumentedEndpoint } from "../../scripts/documented-endpoints";

export { endpointKey, normalizePath, type DocumentedEndpoint } from "../../scripts/documented-endpoints";

export function documentedEndpoints(): DocumentedEndpoint[] {
  return JSON.parse(readFileSync(DOCUMENTED_ENDPOINTS_FILE, "utf8")) as DocumentedEndpoint[];
}
