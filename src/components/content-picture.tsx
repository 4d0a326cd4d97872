import { thumbnailPath } from "@/lib/vod-urls";

/** What a content shows as its picture: the thumbnail its owner chose, else the poster the ingest grabbed. */
export interface PictureSource {
  thumbnailId?: string;
  /** Signed URL of the poster. */
  posterUrl?: string;
}

/**
 * The address of a content's picture, `width` being the widest it is shown in CSS pixels (asked
 * twice as wide, for dense screens); undefined while there is none (still processing).
 */
export function contentPictureSrc(content: PictureSource, width: number): string | undefined {
  return content.thumbnailId ? thumbnailPath(content.thumbnailId, 2 * width) : content.posterUrl;
}

/** The picture of a content (a box item, a vod) as an image; an empty frame while there is none. */
export function ContentPicture({
  content,
  width,
  className,
  testId,
}: {
  content: PictureSource;
  width: number;
  className: string;
  testId: string;
}) {
  const src = contentPictureSrc(content, width);
  if (!src) return <div className={className} aria-hidden="true" />;
  return <img className={className} src={src} alt="" loading="lazy" data-testid={testId} />;
}
