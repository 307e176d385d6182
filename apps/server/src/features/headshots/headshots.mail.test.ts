import { describe, expect, it } from 'vitest';
import { readyMail } from './headshots.mail';
import type { PackRow } from './headshots.repo';

const pack = { delivered: 1, expiresAt: new Date('2026-12-27T10:00:00Z') } as PackRow;

describe('the "your headshots are ready" mail', () => {
  it('is written in the account language, with the count in its plural form', () => {
    const de = readyMail(pack, { email: 'a@example.com', lang: 'de' }, 'https://x/detail');
    expect(de.subject).toBe('Deine Bewerbungsfotos sind fertig');
    expect(de.text).toContain('Aus deinen Fotos wurde 1 Porträt gemacht');
    expect(de.text).toContain('https://x/detail');
    expect(de.text).toContain('2026-12-27');
    const en = readyMail({ ...pack, delivered: 8 }, { email: 'a@example.com', lang: 'en' }, 'u');
    expect(en.text.split('\n')).toEqual([
      'Your headshots are ready.',
      '',
      '8 headshots were made from your photos: studio backdrop, framing, light and colour, and a gentle retouch.',
      'See and download them here: u',
      '',
      'They are kept until 2026-12-27 and then deleted, together with your uploaded photos.',
    ]);
  });

  it('falls back to English for a language without copy', () => {
    expect(readyMail(pack, { email: 'a@example.com', lang: 'xx' }, 'u').subject).toBe(
      'Your headshots are ready',
    );
  });
});
