import { escapeHtml, spliceHtml } from '../../platform/http/html';
import type { ShareMeta } from './shares.service';

/**
 * The app's index.html with the head of a share page: its title and the Open Graph and Twitter
 * card tags, so a pasted link previews with the artwork. A gone share gets a plain title only.
 * Titles and voice names are the users' text: every one is escaped, and spliced in literally.
 */
export function shareHead(
  indexHtml: string,
  meta: ShareMeta | null,
  urls: { origin: string; page: string },
): string {
  const tags: string[] = [];
  let title: string;
  if (meta) {
    title = `${meta.title} (${meta.voiceName} cover)`;
    const description = `Listen to “${meta.title}” sung by ${meta.voiceName}, made with AI Covers.`;
    const image = urls.origin + meta.imagePath;
    const property = (name: string, value: string) =>
      tags.push(`<meta property="${name}" content="${escapeHtml(value)}">`);
    const named = (name: string, value: string) =>
      tags.push(`<meta name="${name}" content="${escapeHtml(value)}">`);
    named('description', description);
    property('og:type', meta.videoPath ? 'video.other' : 'music.song');
    property('og:site_name', 'AI Covers');
    property('og:title', title);
    property('og:description', description);
    property('og:url', urls.page);
    property('og:image', image);
    property('og:image:type', 'image/jpeg');
    property('og:image:width', String(meta.imageWidth));
    property('og:image:height', String(meta.imageHeight));
    property('og:image:alt', `Cover art of ${meta.title}`);
    if (meta.videoPath) {
      property('og:video', urls.origin + meta.videoPath);
      property('og:video:type', 'video/mp4');
    }
    named('twitter:card', 'summary_large_image');
    named('twitter:title', title);
    named('twitter:description', description);
    named('twitter:image', image);
    named('twitter:image:alt', `Cover art of ${meta.title}`);
  } else {
    title = 'This share is no longer available';
    tags.push('<meta name="robots" content="noindex">');
  }
  const head = `<title>${escapeHtml(title)}</title>\n    ${tags.join('\n    ')}`;
  const withoutTitle = spliceHtml(indexHtml, /<title>[\s\S]*?<\/title>/i, '');
  return spliceHtml(withoutTitle, /<\/head>/i, `  ${head}\n  </head>`);
}
