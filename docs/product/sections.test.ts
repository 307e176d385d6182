import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { citationsIn, headingsIn, unansweredCitations } from './sections';

const productDir = fileURLToPath(new URL('.', import.meta.url));
const root = fileURLToPath(new URL('../..', import.meta.url));

describe('citations of the product description', () => {
  it('every §n and §n.m in the repository has its heading in docs/product', () => {
    expect(unansweredCitations(root, productDir)).toEqual([]);
  });

  it.each([
    ['rounded to whole pixels (§5)', ['5']],
    ['spec §7 and §8.', ['7', '8']],
    ['the art (§1.1); see §3/§9', ['1.1', '3', '9']],
    ['weak comparison (RFC 9110 §13.1.2)', []],
    ['PKCE (RFC 9700 §2.1) and §4', ['4']],
    ['no section here: 10 § of it', []],
  ])('finds the product sections cited in %j', (text, sections) => {
    expect(citationsIn(text).map((c) => c.section)).toEqual(sections);
  });

  it('refuses a citation of a document the repository does not hold, with its line', () => {
    const [citation] = citationsIn('first line\nthe store (DESIGN §2)');
    expect(citation).toMatchObject({ section: '2', line: 2 });
    expect(citation!.elsewhere).toBeDefined();
  });

  it('reads section numbers from headings only', () => {
    const page = '# §1 The product\n\nSee §7.\n\n## §1.2 AI Headshots\n### Plans\n#### §1.2.1 Basic\n';
    expect(headingsIn(page)).toEqual(['1', '1.2', '1.2.1']);
  });
});
