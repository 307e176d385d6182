import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type dns from 'node:dns';
import { Code, CoverMsg, MIME_BY_EXT, extensionOf, type UploadedFile } from '@ai-covers/contracts';
import type { Owner } from '../../../platform/auth/identity';
import { AppError, badRequest } from '../../../platform/http/app-error';
import type { FilesService } from '../../storage/files/files.service';
import { LinkError, openLink, parseLink, type FetchedLink, type LinkRefusal } from './song-link-fetch';

/** Sites whose links are pages with a player, never the file itself. */
const PAGE_SITES = [
  'youtube.com',
  'youtu.be',
  'youtube-nocookie.com',
  'music.youtube.com',
  'soundcloud.com',
  'on.soundcloud.com',
  'spotify.com',
  'music.apple.com',
  'deezer.com',
  'tidal.com',
  'vimeo.com',
  'tiktok.com',
  'instagram.com',
  'facebook.com',
  'fb.watch',
  'twitter.com',
  'x.com',
  'bilibili.com',
  'b23.tv',
  'dailymotion.com',
  'twitch.tv',
  'bandcamp.com',
  'nicovideo.jp',
];

/** Extensions of the audio and video files a cover can be made from. */
const MEDIA_EXTS = new Set(
  Object.entries(MIME_BY_EXT)
    .filter(([, mime]) => mime.startsWith('audio/') || mime.startsWith('video/'))
    .map(([ext]) => ext),
);
const EXT_BY_MIME = new Map(
  Object.entries(MIME_BY_EXT)
    .filter(([ext]) => MEDIA_EXTS.has(ext))
    .reverse()
    .map(([ext, mime]) => [mime, ext]),
);

const MESSAGES: Record<LinkRefusal | 'too-large' | 'page' | 'not-audio', string> = {
  'bad-url': CoverMsg.linkInvalid,
  'private-address': CoverMsg.linkPrivate,
  unresolvable: CoverMsg.linkUnreachable,
  unreachable: CoverMsg.linkUnreachable,
  'too-many-redirects': CoverMsg.linkRedirects,
  'http-error': CoverMsg.linkHttpError,
  timeout: CoverMsg.linkTimeout,
  'too-large': CoverMsg.linkTooLarge,
  page: CoverMsg.linkPage,
  'not-audio': CoverMsg.linkNotAudio,
  'video-site': CoverMsg.linkVideoSite,
};

/** True for a link to a page of a video or music site (the host or one of its subdomains). */
export function isVideoSitePage(url: URL): boolean {
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  return PAGE_SITES.some((site) => host === site || host.endsWith(`.${site}`));
}

/** What the answer's headers say about the file: fine, or why not. */
export function judgeHeaders(
  url: URL,
  headers: { 'content-type'?: string | undefined; 'content-length'?: string | undefined },
  maxBytes: number,
): { ok: true; ext: string } | { ok: false; why: 'page' | 'not-audio' | 'too-large' } {
  const mime = (headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  const urlExt = extensionOf(decodeURIComponent(url.pathname));
  if (mime === 'text/html' || mime === 'application/xhtml+xml') return { ok: false, why: 'page' };
  const length = Number(headers['content-length']);
  if (Number.isFinite(length) && length > maxBytes) return { ok: false, why: 'too-large' };
  if (mime.startsWith('audio/') || mime.startsWith('video/')) {
    const ext = MEDIA_EXTS.has(urlExt)
      ? urlExt
      : (EXT_BY_MIME.get(mime) ?? (mime.startsWith('video/') ? 'mp4' : 'mp3'));
    return { ok: true, ext };
  }
  // Servers that do not know the type say octet-stream (or nothing): the extension decides.
  if (
    MEDIA_EXTS.has(urlExt) &&
    (mime === '' || mime === 'application/octet-stream' || mime === 'binary/octet-stream')
  )
    return { ok: true, ext: urlExt };
  return { ok: false, why: 'not-audio' };
}

/** The library name of a fetched song: the link's last path segment, with a media extension. */
export function linkFileName(url: URL, ext: string): string {
  let last = url.pathname.split('/').filter(Boolean).pop() ?? '';
  try {
    last = decodeURIComponent(last);
  } catch {
    // A malformed escape keeps the raw text.
  }
  // Control characters and path or shell punctuation never reach a file name.
  // eslint-disable-next-line no-control-regex
  const clean = last.replace(/[\u0000-\u001f\\/:*?"<>|]+/g, ' ').trim();
  const stem = (extensionOf(clean) ? clean.slice(0, clean.lastIndexOf('.')) : clean) || url.hostname;
  return `${stem.slice(0, 90)}.${ext}`;
}

/** A stream that fails once more than `max` bytes went through. */
function byteLimit(max: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (seen > max) done(new LinkError('unreachable', 'too-large'));
      else done(null, chunk);
    },
  });
}

export interface SongLinksConfig {
  /** `host:port` entries that may be non-public (SONG_LINK_ALLOW_HOSTS). */
  allowHosts: ReadonlySet<string>;
  /** The whole fetch, headers and body (ms). */
  timeoutMs: number;
  lookup?: typeof dns.promises.lookup;
}

/**
 * Songs from links: `check` answers whether a link leads to a song (and why not), `fetchToLibrary`
 * downloads it on the server, within the upload limit and the time limit, into the owner's
 * library like an upload.
 */
export function createSongLinks(
  deps: { files: Pick<FilesService, 'storeOutput' | 'limitFor'> } & SongLinksConfig,
) {
  const maxBytes = () => deps.files.limitFor('ai-covers');
  const fail = (why: keyof typeof MESSAGES) =>
    new AppError(Code.error, MESSAGES[why], why === 'too-large' ? 413 : 400);

  /** Parses and pre-checks a link; throws 400 for one that is not even an http(s) URL. */
  function parse(text: string): URL {
    try {
      const url = parseLink(text);
      if (isVideoSitePage(url)) throw fail('video-site');
      return url;
    } catch (error) {
      if (error instanceof LinkError) throw badRequest(MESSAGES[error.reason]);
      throw error;
    }
  }

  async function open(url: URL, method: 'GET' | 'HEAD'): Promise<FetchedLink> {
    try {
      return await openLink(url.toString(), {
        allowHosts: deps.allowHosts,
        timeoutMs: deps.timeoutMs,
        method,
        refuseUrl: isVideoSitePage,
        ...(deps.lookup ? { lookup: deps.lookup } : {}),
      });
    } catch (error) {
      if (error instanceof LinkError) throw fail(error.reason);
      throw error;
    }
  }

  /** Opens the link and checks its answer; the caller reads (or drops) the body. */
  async function openChecked(url: URL, method: 'GET' | 'HEAD') {
    const answer = await open(url, method);
    if (answer.status < 200 || answer.status >= 300) {
      answer.abort();
      throw fail('http-error');
    }
    // A redirect may have led to a page site or to a page.
    if (isVideoSitePage(answer.url)) {
      answer.abort();
      throw fail('video-site');
    }
    const verdict = judgeHeaders(answer.url, answer.headers, maxBytes());
    if (!verdict.ok) {
      answer.abort();
      throw fail(verdict.why);
    }
    return { answer, ext: verdict.ext };
  }

  return {
    /** `GET /v1/vsas/uri/check`: whether the link leads to a song the server can fetch, and why not. */
    async check(text: string): Promise<{ ok: boolean; reason: string | null }> {
      const url = parse(text);
      try {
        // HEAD is enough to judge; servers that refuse it (405) are asked with GET, body dropped.
        let checked;
        try {
          checked = await openChecked(url, 'HEAD');
        } catch (error) {
          if (!(error instanceof AppError) || error.message !== CoverMsg.linkHttpError) throw error;
          checked = await openChecked(url, 'GET');
        }
        checked.answer.abort();
        return { ok: true, reason: null };
      } catch (error) {
        if (error instanceof AppError) return { ok: false, reason: error.message };
        throw error;
      }
    },

    /** Downloads the song behind a link into the owner's library (a file like an upload). */
    async fetchToLibrary(owner: Owner, text: string): Promise<UploadedFile> {
      const url = parse(text);
      const { answer, ext } = await openChecked(url, 'GET');
      const limited = byteLimit(maxBytes());
      // pipeline (not pipe) hands a failure of the link's stream on to what the store reads.
      pipeline(answer.body, limited).catch(() => undefined);
      try {
        return await deps.files.storeOutput(owner, {
          body: limited as Readable,
          fileName: linkFileName(answer.url, ext),
          kind: 'ai-covers',
          action: 'upload',
          maxBytes: maxBytes(),
          library: true,
        });
      } catch (error) {
        answer.abort();
        if (error instanceof LinkError && error.message === 'too-large') throw fail('too-large');
        if (error instanceof AppError) throw error;
        if ((error as { status?: number }).status === 413) throw fail('too-large');
        throw fail(answer.timedOut() ? 'timeout' : 'unreachable');
      }
    },
  };
}
export type SongLinks = ReturnType<typeof createSongLinks>;
