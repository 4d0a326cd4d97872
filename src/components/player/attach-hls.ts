import type Hls from "hls.js";
import type { HlsConfig, Loader, LoaderContext, ManifestParsedData, PlaylistLoaderConstructor, PlaylistLoaderContext } from "hls.js";
import { DiscontinuityNumbers } from "@/lib/hls-discontinuities";
import { trackPreferences } from "./player-choices";

// the session data (EXT-X-SESSION-DATA) of each instance's playlist, kept from its parse: the
// player's hooks may subscribe after it happened (use-tracks.ts)
const sessions = new WeakMap<Hls, ManifestParsedData["sessionData"]>();

/** The session data of the playlist `hls` plays (undefined before its parse). */
export const sessionDataOf = (hls: Hls) => sessions.get(hls);

const HLS_TYPE = "application/vnd.apple.mpegurl";

/**
 * hls.js's playlist loader, each live playlist renumbered before hls.js reads it (one numbering per
 * player: lib/hls-discontinuities.ts), so a cast channel's captions line up with its video.
 */
function renumberingPlaylistLoader(Default: new (config: HlsConfig) => Loader<LoaderContext>): PlaylistLoaderConstructor {
  const numbers = new DiscontinuityNumbers();
  return class RenumberingLoader implements Loader<PlaylistLoaderContext> {
    private readonly inner: Loader<LoaderContext>;
    constructor(config: HlsConfig) {
      this.inner = new Default(config);
    }
    get context() {
      return this.inner.context as PlaylistLoaderContext | null;
    }
    get stats() {
      return this.inner.stats;
    }
    destroy() {
      this.inner.destroy();
    }
    abort() {
      this.inner.abort();
    }
    getCacheAge = () => this.inner.getCacheAge?.() ?? null;
    getResponseHeader = (name: string) => this.inner.getResponseHeader?.(name) ?? null;
    load(...[context, config, callbacks]: Parameters<Loader<PlaylistLoaderContext>["load"]>) {
      this.inner.load(context, config, {
        ...callbacks,
        onSuccess: (response, stats, ctx, details) => {
          if (typeof response.data === "string") response.data = numbers.renumber(response.data);
          callbacks.onSuccess(response, stats, ctx as PlaylistLoaderContext, details);
        },
      } as Parameters<Loader<LoaderContext>["load"]>[2]);
    }
  };
}

/**
 * hls.js drops a WebVTT segment of a discontinuity the video has not reached yet when the video
 * reaches an earlier one first ("Subtitle discontinuity domain does not match main"), and its caption
 * loading then stops for good: a live channel's captions ran ahead of its video across a short piece
 * of slate before a program. Switching the track off and on again (a quarter of a second later, once
 * for any number of drops meanwhile) drops that segment and loads it anew.
 */
function reloadCaptionsWhenDropped(hls: Hls, events: typeof Hls.Events): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  hls.on(events.SUBTITLE_FRAG_PROCESSED, (_e, data) => {
    if (data.success || timer || !/discontinuity domain/i.test(data.error?.message ?? "")) return;
    timer = setTimeout(() => {
      timer = undefined;
      const track = hls.subtitleTrack;
      if (track < 0) return;
      hls.subtitleTrack = -1;
      hls.subtitleTrack = track;
    }, 250);
  });
  hls.on(events.DESTROYING, () => clearTimeout(timer));
}

/**
 * Plays an HLS address in a video element: through hls.js (its full build, for caption tracks and
 * alternate audio; loaded only now, not with the page) wherever Media Source Extensions are, so the
 * player's menus have the ladder, the captions and the audio tracks and live streams get the latency
 * settings; the browser's own HLS only without them (older iPhones). Returns the hls.js
 * instance (undefined for native HLS), or an error text when the browser cannot play HLS.
 * `onFatal` gets hls.js's fatal errors, `onManifest` its parsed playlist.
 */
export async function attachHls(
  element: HTMLVideoElement,
  src: string,
  opts: {
    config?: Partial<HlsConfig>;
    onFatal: (details: string, instance: Hls) => void;
    onManifest?: () => void;
    /** Where to start (seconds; the watch page's ?t=). */
    startAt?: number;
  },
): Promise<{ hls?: Hls; error?: string }> {
  const native = element.canPlayType(HLS_TYPE) !== "";
  const { default: HlsClass } = await import("hls.js");
  if (!HlsClass.isSupported()) {
    if (!native) return { error: "This browser cannot play HLS video." };
    element.src = src;
    if (opts.startAt) element.currentTime = opts.startAt;
    return {};
  }
  // captions are drawn by the player (above its controls: use-tracks.ts) from the cues hls.js parses:
  // no text track of the video element, whose <track src="data:..."> the pages' CSP (media-src) refuses
  const instance = new HlsClass({
    renderTextTracksNatively: false,
    pLoader: renumberingPlaylistLoader(HlsClass.DefaultConfig.loader),
    // the caption and audio languages the viewer chose last
    ...trackPreferences(),
    ...opts.config,
    ...(opts.startAt ? { startPosition: opts.startAt } : {}),
  });
  instance.on(HlsClass.Events.ERROR, (_e, data) => {
    if (data.fatal) opts.onFatal(data.details, instance);
  });
  instance.on(HlsClass.Events.MANIFEST_PARSED, (_e, data) => void sessions.set(instance, data.sessionData));
  reloadCaptionsWhenDropped(instance, HlsClass.Events);
  if (opts.onManifest) instance.on(HlsClass.Events.MANIFEST_PARSED, opts.onManifest);
  instance.loadSource(src);
  instance.attachMedia(element);
  return { hls: instance };
}
