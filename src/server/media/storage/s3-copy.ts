import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  S3Client,
  UploadPartCopyCommand,
  type CompletedPart,
} from "@aws-sdk/client-s3";
import type { StorageStat } from "./storage";
import { eachLimited } from "./support";

const MiB = 1024 * 1024;

export interface CopyLimits {
  /** Larger objects are copied in parts (default 5 GiB, CopyObject's limit). */
  maxSingleCopyBytes?: number;
  /** Part size of a multipart copy (default 512 MiB). */
  copyPartSize?: number;
}

/** Server-side copy of `fromKey` (described by `info`) to `toKey`; the target appears complete or not at all. */
export async function copyObject(
  client: S3Client,
  bucket: string,
  fromKey: string,
  toKey: string,
  info: StorageStat,
  limits: CopyLimits,
): Promise<void> {
  const CopySource = `${bucket}/${fromKey.split("/").map(encodeURIComponent).join("/")}`;
  if (info.size <= (limits.maxSingleCopyBytes ?? 5 * 1024 * MiB)) {
    await client.send(new CopyObjectCommand({ Bucket: bucket, Key: toKey, CopySource }));
    return;
  }
  // CopyObject stops at 5 GiB; past that S3 copies part by part (UploadPartCopy), still server-side.
  const partSize = limits.copyPartSize ?? 512 * MiB;
  const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: toKey, ContentType: info.contentType }));
  try {
    const parts: CompletedPart[] = [];
    const numbers = Array.from({ length: Math.ceil(info.size / partSize) }, (_, i) => i + 1);
    await eachLimited(numbers, 4, async (PartNumber) => {
      const first = (PartNumber - 1) * partSize;
      const last = Math.min(first + partSize, info.size) - 1;
      const out = await client.send(
        new UploadPartCopyCommand({
          Bucket: bucket,
          Key: toKey,
          UploadId,
          PartNumber,
          CopySource,
          CopySourceRange: `bytes=${first}-${last}`,
        }),
      );
      parts.push({ PartNumber, ETag: out.CopyPartResult?.ETag });
    });
    parts.sort((a, b) => (a.PartNumber ?? 0) - (b.PartNumber ?? 0));
    await client.send(new CompleteMultipartUploadCommand({ Bucket: bucket, Key: toKey, UploadId, MultipartUpload: { Parts: parts } }));
  } catch (err) {
    await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: toKey, UploadId })).catch(() => {});
    throw err;
  }
}
