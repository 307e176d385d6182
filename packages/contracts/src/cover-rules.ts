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
  retryNotFailed: 'Only a failed or timed-out cover can be retried.',
  linksNotSupported: 'Songs from links are not supported yet: upload the file instead.',
  engineFailed: 'The cover could not be made from this song.',
  noVocal:
    'No singing voice was found in this song, so there is nothing to cover: choose a song with a lead vocal. Nothing was charged.',
  timedOut: 'The cover took too long and was stopped. Try again.',
} as const;
