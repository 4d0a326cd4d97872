// Types of media-log.mjs.

export const BUCKET_SECONDS: number;
export const LOG_SOURCES: Array<"nginx" | "node">;
export const LOG_FILE_PATTERN: RegExp;
export function mediaLogDir(dataDir: string): string;
export function bucketOf(unixSeconds: number): number;
export function logFileName(source: string, bucket: number): string;

export class MediaLogWriter {
  constructor(dir: string, source?: string);
  record(ownerId: string, bytes: number, status: number): void;
  close(): void;
}
