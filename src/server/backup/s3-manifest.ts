import { writeFile } from "node:fs/promises";
import { GetBucketVersioningCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { s3ClientConfig, type S3StorageConfig } from "@/server/media/storage/s3-storage";

/**
 * S3 storage: the archive lists the bucket's objects (one JSON line each: key, size, etag,
 * lastModified), taken after the database dump, so every object the dump names is listed; the
 * objects themselves stay in the bucket. Returns the advice to print (versioning, which is what lets
 * a restore find an object deleted or overwritten since).
 */
export async function writeS3Manifest(config: S3StorageConfig, out: string): Promise<string[]> {
  const client = new S3Client(s3ClientConfig(config));
  try {
    const lines: string[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: config.bucket, ContinuationToken: token }));
      for (const o of page.Contents ?? [])
        lines.push(JSON.stringify({ key: o.Key, size: o.Size, etag: o.ETag, lastModified: o.LastModified?.toISOString() }));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    await writeFile(out, lines.map((line) => `${line}\n`).join(""), { mode: 0o600 });
    const versioning = await client
      .send(new GetBucketVersioningCommand({ Bucket: config.bucket }))
      .then((r) => r.Status ?? "never enabled")
      .catch(() => "unknown (GetBucketVersioning refused)");
    const notes = [`the media stay in bucket ${config.bucket}: the archive lists its ${lines.length} objects (s3-manifest.jsonl)`];
    if (versioning !== "Enabled")
      notes.push(
        `bucket versioning is ${versioning}: enable it (and a lifecycle rule expiring old versions after your backup retention), so objects deleted or overwritten after this backup can be brought back`,
      );
    return notes;
  } finally {
    client.destroy();
  }
}
