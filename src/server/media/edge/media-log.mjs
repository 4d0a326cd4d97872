// The band log: one line per media response, written by nginx (access_log, format `kinora_media`)
// and by the Node media server in the same format, read by the band meter
// (src/server/domain/playback/band-meter.ts), which adds the bytes to the band owners' counters.
//
//   DATA_DIR/media-log/<source>-<bucket>.log     source: nginx | node
//   line: "<unix seconds with millis> <bandOwnerId> <body bytes sent> <status>\n"
//   bandOwnerId: the signed URL's band owner (media-url.mjs), whose band pays, not the files' owner
//
// bucket = floor(unix seconds / 1000): a new file every ~17 minutes, named from the clock at the
// moment the line is written (nginx: the digits of $msec but the last three before the dot). Files
// are never rotated or truncated while written; the meter deletes a bucket once the clock has moved
// past it and it has been counted, so neither writer has to be told to reopen anything.
import { closeSync, mkdirSync, openSync, writeSync } from "node:fs";
import path from "node:path";

export const BUCKET_SECONDS = 1000;
export const LOG_SOURCES = ["nginx", "node"];
export const LOG_FILE_PATTERN = /^(nginx|node)-(\d{1,12})\.log$/;

export const mediaLogDir = (dataDir) => path.join(dataDir, "media-log");
export const bucketOf = (unixSeconds) => Math.floor(unixSeconds / BUCKET_SECONDS);
export const logFileName = (source, bucket) => `${source}-${bucket}.log`;

/**
 * Appends band lines for the Node media server. One write(2) per response on a file opened for
 * appending: a line is in the page cache when the response ends, so a crash of this process loses
 * nothing already written (only responses still in flight, which were not counted yet).
 */
export class MediaLogWriter {
  constructor(dir, source = "node") {
    this.dir = dir;
    this.source = source;
    this.bucket = -1;
    this.fd = -1;
    mkdirSync(dir, { recursive: true });
  }

  record(bandOwnerId, bytes, status) {
    const now = Date.now() / 1000;
    const bucket = bucketOf(now);
    if (bucket !== this.bucket) {
      if (this.fd >= 0) closeSync(this.fd);
      this.fd = openSync(path.join(this.dir, logFileName(this.source, bucket)), "a");
      this.bucket = bucket;
    }
    writeSync(this.fd, `${now.toFixed(3)} ${bandOwnerId} ${bytes} ${status}\n`);
  }

  close() {
    if (this.fd >= 0) closeSync(this.fd);
    this.fd = -1;
    this.bucket = -1;
  }
}
