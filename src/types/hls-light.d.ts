// hls.js's light build (no subtitles, alternate audio, DRM: the ladders Kinora makes need none of
// them): its package export "./light" ships no declaration file of its own; the API is the full one's.
declare module "hls.js/light" {
  export * from "hls.js";
  export { default } from "hls.js";
}
