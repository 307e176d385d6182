// Limits, consent and messages of "My voices", without zod: the studio's voice menu and its
// recording dialog read them, and a module that creates schemas would bring zod into the page
// (decision 211). The HTTP contract is in my-voices-api.ts.

/** Limits of a training recording and of the voices an account keeps. */
export const MY_VOICE_LIMITS = {
  /** A recording is 30 s to 10 min long (the engine's `train-voice` bounds). */
  minSeconds: 30,
  maxSeconds: 600,
  /** Voices an account keeps at once (training costs CPU; the list stays readable). */
  maxVoices: 10,
  /** Longest voice name. */
  maxNameLength: 40,
  /** A training run stopped after this long is failed (a 10-minute recording takes about 1 min). */
  timeoutSeconds: 15 * 60,
} as const;

/**
 * The consent the person ticks, stored with its version, the time and the account. A new wording
 * gets a new version; voices keep the version they were given under.
 */
export const MY_VOICE_CONSENT = {
  version: '2026-11-1',
  text: 'This is my own voice, or I have the permission of the person whose voice it is to make a voice from this recording.',
} as const;

/** Messages of "My voices" beyond the verbatim §8 ones (those are in `Msg`). */
export const MyVoiceMsg = {
  noVoice: 'The voice does not exist.',
  consentRequired: 'Confirm that the voice is yours or that you have permission to use it.',
  notAudio: 'The recording is not audio: record again or upload an audio file (MP3, WAV, M4A, OGG…).',
  tooShort: `The recording is too short: record or upload at least ${MY_VOICE_LIMITS.minSeconds} seconds of clean singing or speech.`,
  tooLong: `The recording is too long: at most ${MY_VOICE_LIMITS.maxSeconds / 60} minutes.`,
  silent: 'The recording is silent (or too quiet): record again closer to the microphone.',
  tooLittleVoice:
    'Too little voice was found in the recording: sing or speak for most of it, with no music behind you.',
  notAVoice:
    'This sounds like music, not a voice: record or upload your own singing or speech, with no music behind you.',
  severalVoices:
    'This sounds like more than one person: record or upload your voice alone, with nobody else speaking or singing.',
  unreadable: 'The recording could not be read: the file looks damaged.',
  busy: 'One of your voices is still training. Wait for it to finish.',
  tooMany: `You can keep ${MY_VOICE_LIMITS.maxVoices} voices. Delete one to make another.`,
  nameRequired: 'Give the voice a name.',
  failed: 'The voice could not be made from this recording. Try again.',
  timedOut: 'Training took too long and was stopped. Try again.',
  retryNotFailed: 'Only a voice whose training failed can be retried.',
  notReady: 'This voice is not ready yet: wait for its training to finish.',
} as const;
