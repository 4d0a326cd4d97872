// The delivery matrix with STORAGE_DRIVER=s3 (an S3-compatible server on loopback, @20minutes/s3rver):
// nginx cannot read the bucket, so it checks the signature and passes /media to the Node media
// server, which streams from S3 after the same check and logs the bytes for the band.
import { after } from "node:test";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ALL_ROLES, startKinora, type Kinora } from "../support/server";
import { preparePostgres } from "../../scripts/test-postgres";
import { findNginx } from "../../src/server/media/edge/nginx.mjs";
import { deliveryMatrix } from "./playback-matrix";
import { s3StorageEnv, startS3rver, type S3rver } from "../support/s3rver";

let server: Promise<Kinora> | undefined;
let s3: S3rver | undefined;
let ownDb: { url: string; drop(): Promise<void> } | undefined;
const s3Server = () =>
  (server ??= (async () => {
    s3 = await startS3rver(mkdtempSync(path.join(os.tmpdir(), "kinora-s3-")), "media");
    ownDb = process.env.DATABASE_URL ? await preparePostgres() : undefined;
    return startKinora({
      ...s3StorageEnv(s3, "media"),
      ...(ownDb ? { DATABASE_URL: ownDb.url, ...ALL_ROLES } : {}),
    });
  })());
after(async () => {
  await (await server)?.stop();
  await s3?.stop();
  await ownDb?.drop();
});

deliveryMatrix("S3 storage", { server: s3Server, edge: findNginx(process.env).ok ? "nginx" : "node" });
