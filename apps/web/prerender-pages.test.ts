// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { prerenderedMarkup } from './prerender-pages.ts';

describe('prerenderedMarkup', () => {
  it("drops React's comments and makes the outer element inert", () => {
    const html = '<div class="shell"><main><!--$--><p>Hi<!-- --> there</p><!--/$--></main></div>';
    expect(prerenderedMarkup(html, 'pricing')).toBe(
      '<div inert class="shell"><main><p>Hi there</p></main></div>',
    );
  });

  it('drops test ids, so a script reaches only the live page', () => {
    const html =
      '<div data-testid="shell"><input type="file" data-testid="song-input" accept="audio/*"/></div>';
    expect(prerenderedMarkup(html, 'covers/new')).toBe(
      '<div inert><input type="file" accept="audio/*"/></div>',
    );
  });

  it.each([
    ['<div><script>alert(1)</script></div>', 'a script'],
    ['<div><style>p{}</style></div>', 'a style element'],
    ['<div><p style="outline:none">x</p></div>', 'a style attribute'],
    ['<div><button onclick="x()">x</button></div>', 'an event handler attribute'],
    ['<div><link rel="stylesheet" href="/a.css"></div>', 'head content'],
    ['<div><title>x</title></div>', 'head content'],
  ])('refuses %s (the CSP or the head)', (html, what) => {
    expect(() => prerenderedMarkup(html, 'account')).toThrow(`prerender: '/account' has ${what}`);
  });

  it('leaves text that only reads like markup alone', () => {
    const html = '<div><p>Set style=bold with &lt;script&gt;</p></div>';
    expect(prerenderedMarkup(html, '')).toBe('<div inert><p>Set style=bold with &lt;script&gt;</p></div>');
  });

  it('refuses markup that starts with text', () => {
    expect(() => prerenderedMarkup('text<div></div>', '')).toThrow('no element first');
  });
});
