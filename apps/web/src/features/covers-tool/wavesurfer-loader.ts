/** wavesurfer.js, loaded on first use: its own chunk, never part of the first page (bench/web). */
export function loadWaveSurfer() {
  return import('wavesurfer.js');
}
