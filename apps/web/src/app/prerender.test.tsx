// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { prerenderPage } from './prerender';

/** Visible text of markup, tags dropped. */
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('prerenderPage', () => {
  it('renders the page of the route in the language asked for, as a first visit sees it', async () => {
    const html = await prerenderPage('headshots', 'de');
    expect(html).toMatch(/<h1[^>]*>AI Headshots<\/h1>/);
    expect(text(html)).toContain('Porträts im Studiostil aus Ihren eigenen Fotos');
    expect(html).not.toContain('<script');
  }, 30_000);

  it('shows no account entry and no signed-out card: a signed-in visitor sees the same', async () => {
    const account = await prerenderPage('account', 'en');
    expect(text(account)).toContain('Your files and your credits in one place.');
    expect(text(account)).not.toContain('Sign in');
    expect(account).not.toContain('role="tab"');
    expect(text(await prerenderPage('', 'en'))).not.toContain('Sign in');
  }, 30_000);

  it('presses no product of the pricing page: the address may ask for either', async () => {
    const pricing = await prerenderPage('pricing', 'en');
    expect(text(pricing)).toContain('AI Headshots');
    expect(pricing).not.toContain('aria-pressed');
  }, 30_000);
});
