/** What a content shows as its picture: the thumbnail its owner chose, else the poster the ingest grabbed. */
export interface PictureSource {
  thumbnailId?: string;
  /** Signed URL of the poster. */
  posterUrl?: string;
}

/**
 * The picture of a content (a box item, a vod), `width` being the widest it is shown in CSS pixels
 * (asked twice as wide, for dense screens); an empty frame while there is none (still processing).
 */
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
  const src = content.thumbnailId ? `/asset/thumbnail/${content.thumbnailId}/${2 * width}` : content.posterUrl;
  if (!src) return <div className={className} aria-hidden="true" />;
  return <img className={className} src={src} alt="" loading="lazy" data-testid={testId} />;
}
