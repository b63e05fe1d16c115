import { DETAIL_IMAGE_SIZES } from "#app/modules/storage/rules";

/** A session's or series' picture at the top of its page (decision record 095), when it has one. */
export function DetailImage({ url, srcSet }: { url: string | null; srcSet: string | null }) {
  if (!url) return null;
  return (
    // Near the top, often the page's largest paint: loaded at once, not lazily.
    <img
      src={url}
      srcSet={srcSet ?? undefined}
      sizes={srcSet ? DETAIL_IMAGE_SIZES : undefined}
      alt=""
      width={800}
      height={450}
      className="aspect-video w-full rounded-lg object-cover"
    />
  );
}
