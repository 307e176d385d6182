import { describe, expect, it } from 'vitest';
import { packPhotos } from './headshots.capacity';

// Which photos a run hands the pipeline, from what their checks kept (no database, no pipeline).

const row = (
  id: string,
  capacity: number | null,
  fingerprint: string | null = null,
  status = 'approved',
) => ({
  id,
  status,
  capacity,
  fingerprint,
});

describe('the photos of a run', () => {
  it('leaves out a photo whose check found no framing, so the limit goes to photos that give results', () => {
    const rows = [
      row('cut-off', 0),
      row('a', 6),
      row('declined', 0, null, 'declined'),
      row('b', 9),
      row('c', 3),
    ];
    expect(packPhotos(rows, 2).map((r) => r.id)).toEqual(['a', 'b']);
    expect(packPhotos(rows, null).map((r) => r.id)).toEqual(['a', 'b', 'c']);
  });

  it('keeps a photo approved before capacities were kept, and one copy of a repeated photo', () => {
    const rows = [row('old', null), row('a', 6, 'ffff0000ffff0000'), row('a-again', 6, 'ffff0000ffff0000')];
    expect(packPhotos(rows, null).map((r) => r.id)).toEqual(['old', 'a']);
  });
});
