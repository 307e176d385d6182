// Limits and messages of the covers tool, without zod: the web's first page (the request layer's
// error map) reads the messages, and a module that creates schemas would bring zod along.

/** Limits of the covers tool. */
export const COVER_LIMITS = {
  /** Longest song a cover accepts (seconds); the worker passes it to the engine. */
  maxSongSeconds: 600,
  /** Waiting + running tasks one owner may have at once. */
  maxActivePerOwner: 3,
  /** Covers a visitor (not signed in) may start in 24 hours; accounts have no daily cap. */
  visitorDailyCovers: 5,
  /** A running task that has not finished after this long is marked timeout (6). */
  timeoutSeconds: 900,
  /** Key shift bounds in semitones. */
  maxKeyShift: 12,
  /** Length of the free preview (seconds); the worker asks the engine for this length. */
  previewSeconds: 30,
} as const;

/** What happens to the backing vocals, in the order the studio lists them. */
export const COVER_BACKINGS = ['keep', 'mute', 'convert'] as const;

/** The download formats, in the order the download popup lists them. */
export const COVER_DOWNLOAD_FORMATS = ['wav', 'mp3', 'mp3_low', 'stems'] as const;

/** Mix controls: levels are linear gains (1 = as rendered), reverb an amount 0..1. */
export const COVER_MIX_LIMITS = {
  maxLevel: 2,
  /** The mix a render makes (the engine's defaults). */
  defaults: { vocal: 1, instrumental: 1, reverb: 0.2 },
} as const;

/** Credits a full download costs, and the purpose its charge is recorded under. */
export const COVER_DOWNLOAD = { kind: 'ai-covers', purpose: 'download', credits: 1 } as const;

/** Messages of the covers tool (English; the web app translates each under `errors.covers.<name>`). */
export const CoverMsg = {
  noTask: 'The cover does not exist.',
  notAudio: 'The file is not a song: upload an audio file (MP3, WAV, M4A, FLAC, OGG…).',
  emptyFile: 'The file is empty (0 bytes): choose another one.',
  tooLong: `Songs can be at most ${COVER_LIMITS.maxSongSeconds / 60} minutes long.`,
  unknownVoice: 'Unknown voice.',
  tooManyActive: `You already have ${COVER_LIMITS.maxActivePerOwner} covers in progress. Wait for one to finish.`,
  visitorDailyLimit: `Without an account you can make ${COVER_LIMITS.visitorDailyCovers} covers a day. Sign in to make more.`,
  notDone: 'The cover is not ready yet.',
  notPaid: 'Not enough credits for download',
  downloadLocked:
    'This download is not unlocked yet: unlocking it costs 1 credit, then every format is free.',
  formatMissing: 'This format is not available for this cover.',
  remixUnavailable: 'This cover kept no stems, so it cannot be remixed: make it again to mix it.',
  remixBusy: 'The server is mixing other covers right now. Try again in a few seconds.',
  retryNotFailed: 'Only a failed or timed-out cover can be retried.',
  retrySongFault:
    'This song cannot make a cover, so trying again would fail the same way: choose another song.',
  stemsMismatch:
    'The vocal and the instrumental are not the same length: give both stems of one song (they may differ by a second at most).',
  linkInvalid: 'Paste a link that starts with http:// or https://.',
  linkVideoSite:
    'Pages of video and music sites (YouTube, SoundCloud, TikTok…) cannot be used: paste a direct link to an audio or video file (one ending in .mp3, .wav, .m4a, .mp4…).',
  linkPage:
    'This link opens a web page, not a song: paste a direct link to an audio or video file (one ending in .mp3, .wav, .m4a, .mp4…).',
  linkNotAudio: 'The link does not lead to an audio or video file.',
  linkPrivate: 'This link points to a private or local address, which is not allowed.',
  linkUnreachable: 'The link could not be opened. Check it and try again.',
  linkTimeout: 'The link took too long to answer. Try again, or upload the file instead.',
  linkTooLarge: 'The file behind the link is larger than the upload limit.',
  linkRedirects: 'The link redirects too many times.',
  linkHttpError: 'The link answered with an error: the file may be gone or private.',
  engineFailed: 'The cover could not be made from this song.',
  noVocal:
    'No singing voice was found in this song, so there is nothing to cover: choose a song with a lead vocal. Nothing was charged.',
  timedOut: 'The cover took too long and was stopped. Try again.',
  /** A run whose server died: the task waits for its automatic second attempt. */
  serverStopped: 'The server stopped while making your cover; it will be retried.',
  /** A run whose server died again after the automatic retry: the person may retry. */
  serverStoppedAgain: 'The server stopped while making your cover. Try again.',
  songCorrupt: 'The song could not be read: the file looks damaged.',
  songEmpty: 'The file has no sound in it.',
  songSilent: 'The song is silent (or too quiet to make a cover from).',
  songTooShort: 'The song is too short to make a cover from.',
} as const;
