// The license catalogue of supplement §5. The Free license (id 1) is every new user's.
export const FREE_LICENSE_ID = 1;

export const LICENSE_CATALOGUE = [
  { id: 1, name: "Free", priceCents: 0, dayDuration: 0, storageGb: 1, bandGb: 5, streamingAmount: 10, maxVideoSizeMb: 500, maxUploadNumber: 20, support: "COMMUNITY" },
  { id: 2, name: "Entry", priceCents: 1000, dayDuration: 30, storageGb: 8, bandGb: 30, streamingAmount: 60, maxVideoSizeMb: 2048, maxUploadNumber: 200, support: "EMAIL" },
  { id: 3, name: "Basic", priceCents: 2000, dayDuration: 30, storageGb: 20, bandGb: 80, streamingAmount: 160, maxVideoSizeMb: 2048, maxUploadNumber: 500, support: "EMAIL" },
  { id: 4, name: "Professional", priceCents: 6000, dayDuration: 30, storageGb: 65, bandGb: 250, streamingAmount: 500, maxVideoSizeMb: 4096, maxUploadNumber: 2000, support: "PRIORITY" },
  { id: 5, name: "Business", priceCents: 18000, dayDuration: 30, storageGb: 200, bandGb: 800, streamingAmount: 1600, maxVideoSizeMb: 8192, maxUploadNumber: 10000, support: "DEDICATED" },
] as const;
