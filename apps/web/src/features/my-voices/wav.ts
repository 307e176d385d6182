/** Sample rate of recordings sent for training: enough for the 100 Hz – 8 kHz the engine reads. */
export const RECORDING_RATE = 22050;

/** A mono 16-bit PCM WAV of the samples (−1…1). */
export function encodeWav(samples: Float32Array, rate: number): Blob {
  const buffer = new ArrayBuffer(44 + samples.length * 2);
  const view = new DataView(buffer);
  const text = (offset: number, s: string) => {
    for (let i = 0; i < s.length; i++) view.setUint8(offset + i, s.charCodeAt(i));
  };
  text(0, 'RIFF');
  view.setUint32(4, 36 + samples.length * 2, true);
  text(8, 'WAVEfmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, rate, true);
  view.setUint32(28, rate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  text(36, 'data');
  view.setUint32(40, samples.length * 2, true);
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i]!));
    view.setInt16(44 + i * 2, Math.round(s * 32767), true);
  }
  return new Blob([buffer], { type: 'audio/wav' });
}

/**
 * The browser's recording (WebM/Opus or MP4/AAC, with no length in its header) as a mono WAV at
 * RECORDING_RATE: a file whose length the server measures exactly at upload.
 */
export async function recordingToWav(recording: Blob): Promise<{ wav: Blob; seconds: number }> {
  const bytes = await recording.arrayBuffer();
  const context = new AudioContext();
  let decoded: AudioBuffer;
  try {
    decoded = await context.decodeAudioData(bytes);
  } finally {
    void context.close();
  }
  const frames = Math.max(1, Math.ceil(decoded.duration * RECORDING_RATE));
  const offline = new OfflineAudioContext(1, frames, RECORDING_RATE);
  const source = offline.createBufferSource();
  source.buffer = decoded;
  source.connect(offline.destination);
  source.start();
  const rendered = await offline.startRendering();
  return { wav: encodeWav(rendered.getChannelData(0), RECORDING_RATE), seconds: decoded.duration };
}
