import type Hls from "hls.js";
import type { HlsConfig } from "hls.js";

const HLS_TYPE = "application/vnd.apple.mpegurl";

/**
 * Plays an HLS address in a video element: the browser's own HLS when it has it (unless
 * `preferHlsJs`), else hls.js (the light build, loaded only now). Returns the hls.js instance (undefined for native HLS), or an
 * error text when the browser cannot play HLS. `onFatal` gets hls.js's fatal errors, `onManifest` its
 * parsed playlist.
 */
export async function attachHls(
  element: HTMLVideoElement,
  src: string,
  opts: {
    config?: Partial<HlsConfig>;
    onFatal: (details: string, instance: Hls) => void;
    onManifest?: () => void;
    /** Live: hls.js wherever it runs (its latency settings), the browser's own HLS only without it. */
    preferHlsJs?: boolean;
  },
): Promise<{ hls?: Hls; error?: string }> {
  const native = element.canPlayType(HLS_TYPE) !== "";
  if (native && !opts.preferHlsJs) {
    element.src = src;
    return {};
  }
  const { default: HlsClass } = await import("hls.js/light");
  if (!HlsClass.isSupported()) {
    if (!native) return { error: "This browser cannot play HLS video." };
    element.src = src;
    return {};
  }
  const instance = new HlsClass(opts.config);
  instance.on(HlsClass.Events.ERROR, (_e, data) => {
    if (data.fatal) opts.onFatal(data.details, instance);
  });
  if (opts.onManifest) instance.on(HlsClass.Events.MANIFEST_PARSED, opts.onManifest);
  instance.loadSource(src);
  instance.attachMedia(element);
  return { hls: instance };
}
