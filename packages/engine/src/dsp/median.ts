/** Median of the first `n` entries of `buf` (reorders them); insertion sort wins for the small n used here. */
export function medianInPlace(buf: Float32Array | Float64Array, n: number): number {
  for (let i = 1; i < n; i++) {
    const v = buf[i]!;
    let j = i - 1;
    while (j >= 0 && buf[j]! > v) {
      buf[j + 1] = buf[j]!;
      j--;
    }
    buf[j + 1] = v;
  }
  if (n === 0) return 0;
  const h = n >> 1;
  return n & 1 ? buf[h]! : 0.5 * (buf[h - 1]! + buf[h]!);
}

/** Median filter of a 1-D series with an odd window (edges use the available samples). */
export function medianFilter(x: Float32Array, width: number): Float32Array {
  const out = new Float32Array(x.length);
  const h = width >> 1;
  const buf = new Float64Array(width);
  for (let i = 0; i < x.length; i++) {
    let n = 0;
    for (let j = Math.max(0, i - h); j <= Math.min(x.length - 1, i + h); j++) buf[n++] = x[j]!;
    out[i] = medianInPlace(buf, n);
  }
  return out;
}

/** Decimates by an integer factor after a windowed-sinc low-pass, for cheap pitch analysis. */
export function decimate(x: Float32Array, factor: number): Float32Array {
  if (factor <= 1) return x;
  const taps = 16 * factor + 1;
  const h = new Float64Array(taps);
  const c = (taps - 1) / 2;
  const fc = 0.45 / factor;
  let sum = 0;
  for (let i = 0; i < taps; i++) {
    const t = i - c;
    const sinc = t === 0 ? 2 * fc : Math.sin(2 * Math.PI * fc * t) / (Math.PI * t);
    const w = 0.5 - 0.5 * Math.cos((2 * Math.PI * (i + 0.5)) / taps);
    h[i] = sinc * w;
    sum += h[i]!;
  }
  const out = new Float32Array(Math.ceil(x.length / factor));
  for (let o = 0; o < out.length; o++) {
    const center = o * factor;
    let acc = 0;
    for (let i = 0; i < taps; i++) {
      const j = center + i - c;
      if (j >= 0 && j < x.length) acc += x[j]! * h[i]!;
    }
    out[o] = acc / sum;
  }
  return out;
}

/**
 * Running median over a strided series: `out[o + i·os]` = median of `src[s + j·ss]` for
 * j ∈ [i − h, i + h] ∩ [0, len), for i < count. The window is kept sorted and updated by one
 * insertion and one removal per step, which beats re-sorting the window at every position.
 */
export function slidingMedian(
  src: Float32Array,
  s: number,
  ss: number,
  len: number,
  h: number,
  count: number,
  out: Float32Array,
  o: number,
  os: number,
  win: Float64Array,
): void {
  let n = 0;
  const insert = (v: number): void => {
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (win[mid]! < v) lo = mid + 1;
      else hi = mid;
    }
    win.copyWithin(lo + 1, lo, n);
    win[lo] = v;
    n++;
  };
  const remove = (v: number): void => {
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (win[mid]! < v) lo = mid + 1;
      else hi = mid;
    }
    win.copyWithin(lo, lo + 1, n);
    n--;
  };
  for (let j = 0; j <= Math.min(len - 1, h); j++) insert(src[s + j * ss]!);
  for (let i = 0; i < count; i++) {
    const m = n >> 1;
    out[o + i * os] = n & 1 ? win[m]! : 0.5 * (win[m - 1]! + win[m]!);
    const add = i + 1 + h;
    if (add < len) insert(src[s + add * ss]!);
    const drop = i - h;
    if (drop >= 0) remove(src[s + drop * ss]!);
  }
}
