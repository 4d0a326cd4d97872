/** What ffprobe told us about an upload, reduced to what the pipeline decides on. */
export interface ProbeSummary {
  durationSeconds: number;
  sizeBytes: number;
  /** ffprobe's format_name as printed, e.g. "mov,mp4,m4a,3gp,3g2,mj2". */
  formatName: string;
  /** The demuxer every later ffmpeg run is forced to (`-f`), e.g. "mov". */
  demuxer: string;
  /** Overall bit rate in bit/s when ffprobe knows it. */
  bitRate?: number;
  video?: ProbeVideo;
  /** The first audio stream: the one muxed into every video rendition. */
  audio?: ProbeAudio;
  /** Every audio stream, the first included (a source with several languages: issue 26). */
  audioTracks?: ProbeTrack[];
  /** Its subtitle streams in a text format kept as captions (mov_text, SubRip, ASS, WebVTT). */
  subtitles?: ProbeTrack[];
  /** Its chapters: start (seconds) and title, ascending. */
  chapters?: { start: number; title: string }[];
}

/** An audio or subtitle stream as the track it becomes. */
export interface ProbeTrack {
  index: number;
  codec: string;
  /** ffprobe's profile name (audio: "LC", "HE-AAC"). */
  profile?: string;
  /** The stream's language tag as the file writes it (ISO 639-2 "eng", or BCP 47), if any. */
  language?: string;
  title?: string;
  /** Subtitles marked for the hearing impaired. */
  forDeaf?: boolean;
}

export interface ProbeVideo {
  /** Absolute stream index (used as `-map 0:<index>`; the demuxer is forced, so indices are stable). */
  index: number;
  codec: string;
  width: number;
  height: number;
  fps: number;
  /** ffprobe's profile name, e.g. "High", "Constrained Baseline". */
  profile?: string;
  /** ffprobe's level as an integer, e.g. 40 for H.264 level 4.0. */
  level?: number;
  pixFmt?: string;
  /** Clockwise display rotation in degrees (0, 90, 180, 270) from the display matrix or rotate tag. */
  rotation: number;
  /** Size as shown: rotation and sample aspect ratio applied. */
  displayWidth: number;
  displayHeight: number;
}

export interface ProbeAudio {
  index: number;
  codec: string;
  /** ffprobe's profile name, e.g. "LC", "HE-AAC". */
  profile?: string;
  channels: number;
  sampleRate: number;
}

/** One rendition of the ladder (or the preview, or the lowest-rung-first rendition). */
export interface Rung {
  /** Directory and variant name, e.g. "720p" (the short side, so a portrait 1080x1920 is "1080p"). */
  name: string;
  width: number;
  height: number;
  fps: number;
  videoKbps: number;
  maxrateKbps: number;
  bufsizeKbps: number;
  /** null when the source has no audio. */
  audioKbps: number | null;
  /** H.264 level passed to x264 (e.g. "3.1"), so the CODECS attribute is known before encoding. */
  level: string;
  /** RFC 6381 codecs, e.g. "avc1.64001f,mp4a.40.2". */
  codecs: string;
  /** Peak bit rate announced in the master playlist (bit/s). */
  bandwidth: number;
}

export type FastPath = "remux" | "lowest-rung";

export interface HlsPlan {
  /** "remux": H.264/AAC copied to HLS first; "lowest-rung": the smallest rung encoded first. */
  fastPath: FastPath;
  /** Ladder rungs, highest first, never above the source. */
  rungs: Rung[];
  /** The rung produced first when fastPath is "lowest-rung" (the last of `rungs`). */
  lowest: Rung;
  /** The 15-second preview rendition. */
  preview: Rung;
  durationSeconds: number;
  hasAudio: boolean;
  segmentSeconds: number;
  /** CODECS of the remuxed source (only for the remux fast path). */
  remuxCodecs?: string;
}

/** Why a media operation failed: `kind` for code, `reason` for the owner, `detail` for the logs. */
export type MediaErrorKind =
  | "unreadable" // not media, damaged, or cut short
  | "unsupported" // a container or stream layout we refuse (playlists, image sequences, no video...)
  | "timeout"
  | "memory"
  | "cancelled"
  | "failed"; // ffmpeg failed for another reason
