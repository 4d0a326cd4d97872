// The language of a caption or an audio track (issue 26): a BCP 47 tag in its canonical form (what the
// HLS LANGUAGE attribute carries), refused when it is not well formed or names no language ICU knows
// ("english", "xx"). Its English name is the default label.

const NAMES = new Intl.DisplayNames(["en"], { type: "language", fallback: "none" });

/** The English name of a language tag; undefined for one ICU does not know (or refuses: "und"). */
function nameOf(tag: string): string | undefined {
  try {
    return NAMES.of(tag);
  } catch {
    return undefined;
  }
}

export interface CaptionLanguage {
  /** The canonical tag: "en-GB" for "EN-gb". */
  tag: string;
  /** Its English name: "British English". */
  name: string;
}

export function captionLanguage(input: string): CaptionLanguage | undefined {
  let tag: string | undefined;
  try {
    [tag] = Intl.getCanonicalLocales(input.trim());
  } catch {
    return undefined; // not a well-formed tag
  }
  if (!tag) return undefined;
  const language = new Intl.Locale(tag).language;
  const known = nameOf(language);
  if (!known) return undefined;
  return { tag, name: nameOf(tag) ?? known };
}
