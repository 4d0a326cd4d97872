// Pure helpers of the box context: upload field mapping, names and types kept for downloads,
// thumbnail widths and variant keys, image sniffing, the Content-Disposition of downloads.
import assert from "node:assert/strict";
import { test } from "node:test";
import { boxUploadFields, fieldsFromMultipart } from "../../src/server/domain/box/upload-fields";
import { cleanFilename, cleanMimeType } from "../../src/server/domain/box/upload-box-item";
import { assertUploadAllowed, type UploadLimits } from "../../src/server/domain/box/upload-limits";
import { servedWidth } from "../../src/server/domain/thumbnails/get-thumbnail-image";
import { sniffImageType } from "../../src/server/domain/thumbnails/image";
import { thumbnailVariantKey } from "../../src/server/media/keys";
import { attachmentDisposition } from "../../src/server/rest/routes/box";
import { DomainError } from "../../src/server/core/errors";

test("multipart fields: repeated tag, first of repeated singles, blanks dropped", () => {
  const raw = fieldsFromMultipart(
    new Map([
      ["title", ["  Trip  ", "ignored"]],
      ["tag", ["sea", " sun ", ""]],
      ["description", [""]],
    ]),
  );
  assert.deepEqual(boxUploadFields.parse(raw), {
    title: "Trip",
    description: undefined,
    tags: ["sea", "sun"],
    contentIdentifier: undefined,
    thumbnailId: undefined,
  });
  assert.equal(boxUploadFields.safeParse({ ...raw, contentIdentifier: "has space" }).success, false);
});

test("file names and media types kept for the download", () => {
  assert.equal(cleanFilename('C:\\Users\\me\\My "clip".mp4'), "My clip.mp4");
  assert.equal(cleanFilename("../../etc/passwd"), "passwd");
  assert.equal(cleanFilename(""), "video");
  assert.equal(cleanMimeType("Video/MP4"), "video/mp4");
  assert.equal(cleanMimeType("application/octet-stream", "a.webm"), "video/webm");
  assert.equal(cleanMimeType(undefined, "a.unknown"), "application/octet-stream");
  assert.equal(cleanMimeType("text/html; charset=utf-8"), "application/octet-stream");
  assert.equal(attachmentDisposition('città "1".mp4'), `attachment; filename="citt_ _1_.mp4"; filename*=UTF-8''citt%C3%A0%20%221%22.mp4`);
});

test("upload limits: 403 before 413; the declared size with slack", () => {
  const limits: UploadLimits = {
    licenseExpired: false,
    maxFileBytes: 500 * 2 ** 20,
    maxVideoSizeMb: 500,
    storageQuotaBytes: 2 ** 30,
    storageQuotaGb: 1,
    storageUsedBytes: 0,
    maxUploads: 20,
    uploads: 0,
  };
  const code = (l: Partial<UploadLimits>, declared?: number) => {
    try {
      assertUploadAllowed({ ...limits, ...l }, declared, 2 ** 20);
      return "ok";
    } catch (e) {
      return (e as DomainError).code + ":" + (e as DomainError).messageId;
    }
  };
  assert.equal(code({}, 500 * 2 ** 20), "ok");
  assert.equal(code({}, 502 * 2 ** 20), "PAYLOAD_TOO_LARGE:error.fileTooLarge");
  assert.equal(code({ licenseExpired: true }), "FORBIDDEN:error.licenseExpired");
  assert.equal(code({ uploads: 20 }), "FORBIDDEN:error.uploadQuotaExceeded");
  assert.equal(code({ storageUsedBytes: 2 ** 30 }), "FORBIDDEN:error.storageQuotaExceeded");
  assert.equal(code({ storageUsedBytes: 2 ** 30 - 10 * 2 ** 20 }, 20 * 2 ** 20), "FORBIDDEN:error.storageQuotaExceeded");
});

test("thumbnail widths: steps up, never above the original; variant keys beside the original", () => {
  assert.equal(servedWidth(undefined, 800), 800);
  assert.equal(servedWidth(320, 800), 320);
  assert.equal(servedWidth(300, 800), 320);
  assert.equal(servedWidth(790, 800), 800);
  assert.equal(servedWidth(5000, 800), 800);
  assert.equal(servedWidth(1, 800), 32);
  assert.equal(thumbnailVariantKey("thumbnails/o/i.png", 320), "thumbnails/o/i/w320.png");
  assert.equal(thumbnailVariantKey("box/o/b/poster.jpg", 64), "box/o/b/poster/w64.jpg");
  assert.throws(() => thumbnailVariantKey("box/o/b/original", 64));
});

test("images are recognised by their first bytes", () => {
  assert.equal(sniffImageType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0])), "image/png");
  assert.equal(sniffImageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0])), "image/jpeg");
  assert.equal(sniffImageType(Buffer.from("RIFF\0\0\0\0WEBPVP8 ", "latin1")), "image/webp");
  assert.equal(sniffImageType(Buffer.from("GIF89a")), undefined);
  assert.equal(sniffImageType(Buffer.from("<svg")), undefined);
});
