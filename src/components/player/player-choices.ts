// The viewer's choices of caption and audio language, remembered in this browser (localStorage) and
// applied to the next video: hls.js picks the tracks of those languages itself when it is given them
// as its subtitlePreference and audioPreference (attach-hls.ts); the menus record them (use-tracks.ts).

const CAPTIONS_KEY = "kinora.player.captions";
const AUDIO_KEY = "kinora.player.audio";

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null; // storage refused (private mode, a sandboxed embed)
  }
}

function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // not remembered: the choice still applies to this video
  }
}

/** The caption language chosen last ("off": none), if any. */
export const rememberedCaptions = () => read(CAPTIONS_KEY);
export const rememberCaptions = (language: string) => write(CAPTIONS_KEY, language);
/** The audio language chosen last, if any. */
export const rememberedAudio = () => read(AUDIO_KEY);
export const rememberAudio = (language: string) => write(AUDIO_KEY, language);

/** hls.js's preferences from the remembered choices. */
export function trackPreferences(): { subtitlePreference?: { lang: string }; audioPreference?: { lang: string } } {
  const captions = rememberedCaptions();
  const audio = rememberedAudio();
  return {
    ...(captions && captions !== "off" ? { subtitlePreference: { lang: captions } } : {}),
    ...(audio ? { audioPreference: { lang: audio } } : {}),
  };
}
