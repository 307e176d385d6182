import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { Readable } from 'node:stream';

/** Why a link was refused; the service turns each into a message for the person who pasted it. */
export type LinkRefusal =
  | 'bad-url'
  | 'private-address'
  | 'unresolvable'
  | 'too-many-redirects'
  | 'http-error'
  | 'timeout'
  | 'unreachable'
  | 'video-site';

export class LinkError extends Error {
  constructor(
    readonly reason: LinkRefusal,
    detail: string,
  ) {
    super(detail);
  }
}

/** At most this many redirects are followed, each one checked like the first link. */
export const MAX_REDIRECTS = 3;

/** Address ranges a link may never reach: loopback, private, link-local, multicast, reserved… */
const blocked = new net.BlockList();
for (const [net4, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net4, bits, 'ipv4');
for (const [net6, bits] of [
  ['::', 128],
  ['::1', 128],
  ['::', 96], // IPv4-compatible (deprecated)
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo, ORCHID…)
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const)
  blocked.addSubnet(net6, bits, 'ipv6');

/** The IPv4 address an IPv6 address carries (IPv4-mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96), or null. */
export function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:(?:0+:)?|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1]!;
  const hex = /^(?:::ffff:(?:0+:)?|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return null;
  const hi = parseInt(hex[1]!, 16);
  const lo = parseInt(hex[2]!, 16);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/** True when an address is on the public internet (not loopback, private, link-local, multicast…). */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return !blocked.check(address, 'ipv4');
  if (family !== 6) return false;
  const v4 = embeddedIpv4(address);
  if (v4) return !blocked.check(v4, 'ipv4');
  return !blocked.check(address, 'ipv6');
}

/** `host:port` of a URL as the allow list names it (lower case, IPv6 without brackets, default ports). */
export function hostPortOf(url: URL): string {
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return `${host}:${port}`;
}

/** A parsed link: http or https only, no credentials in it. */
export function parseLink(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new LinkError('bad-url', 'not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new LinkError('bad-url', 'not http(s)');
  if (url.username || url.password) throw new LinkError('bad-url', 'credentials in the link');
  return url;
}

export interface FetchedLink {
  /** The final URL after redirects. */
  url: URL;
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Readable;
  /** Stops the transfer (and its timer). */
  abort: () => void;
  /** True once the time limit ended the transfer. */
  timedOut: () => boolean;
}

export interface LinkFetchOptions {
  /** `host:port` entries reachable even on non-public addresses (intranets, tests). */
  allowHosts: ReadonlySet<string>;
  /** Whole transfer, headers and body (ms). */
  timeoutMs: number;
  method?: 'GET' | 'HEAD';
  signal?: AbortSignal;
  /** Hosts refused by name on every hop, before any lookup (pages of video sites). */
  refuseUrl?: (url: URL) => boolean;
  /** The resolver (tests give their own names). */
  lookup?: typeof dns.promises.lookup;
}

/**
 * Opens a link the way a careful server must: every hop (the link and each of at most 3
 * redirects) is resolved, and refused when any of its addresses is not public unless its
 * `host:port` is allowed; the connection then goes to the very address that was checked, so a
 * name that resolves differently the second time (DNS rebinding) gains nothing.
 */
export async function openLink(link: string, o: LinkFetchOptions): Promise<FetchedLink> {
  const timeout = AbortSignal.timeout(o.timeoutMs);
  const signal = o.signal ? AbortSignal.any([o.signal, timeout]) : timeout;
  const resolve = o.lookup ?? dns.promises.lookup;
  let url = parseLink(link);
  for (let hop = 0; ; hop++) {
    if (o.refuseUrl?.(url)) throw new LinkError('video-site', `${url.hostname} is a page site`);
    const allowed = o.allowHosts.has(hostPortOf(url));
    const host = url.hostname.replace(/^\[|\]$/g, '');
    let address: string;
    let family: number;
    if (net.isIP(host)) {
      address = host;
      family = net.isIP(host);
    } else {
      let found: dns.LookupAddress[];
      try {
        found = await resolve(host, { all: true, verbatim: true });
      } catch {
        throw new LinkError('unresolvable', `cannot resolve ${host}`);
      }
      if (found.length === 0) throw new LinkError('unresolvable', `cannot resolve ${host}`);
      // Any private answer refuses the name: the client could be steered to it on another try.
      if (!allowed && found.some((a) => !isPublicAddress(a.address)))
        throw new LinkError('private-address', `${host} resolves to a non-public address`);
      address = found[0]!.address;
      family = found[0]!.family;
    }
    if (!allowed && !isPublicAddress(address))
      throw new LinkError('private-address', `${host} is a non-public address`);
    const response = await request(url, address, family, o.method ?? 'GET', signal);
    const status = response.statusCode ?? 0;
    if ([301, 302, 303, 307, 308].includes(status) && response.headers.location) {
      response.resume();
      if (hop >= MAX_REDIRECTS) throw new LinkError('too-many-redirects', `more than ${MAX_REDIRECTS}`);
      url = parseLink(new URL(response.headers.location, url).toString());
      continue;
    }
    const abort = () => response.destroy();
    signal.addEventListener('abort', abort, { once: true });
    response.once('close', () => signal.removeEventListener('abort', abort));
    return { url, status, headers: response.headers, body: response, abort, timedOut: () => timeout.aborted };
  }
}

/** One request to the checked address (the Host header and TLS name stay the link's). */
function request(
  url: URL,
  address: string,
  family: number,
  method: string,
  signal: AbortSignal,
): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(
      url,
      {
        method,
        signal,
        headers: { 'user-agent': 'AI-Covers-song-link/1.0', accept: 'audio/*, video/*;q=0.9, */*;q=0.1' },
        // Connect to the address that passed the check, whatever the name resolves to now.
        lookup: (_host, options, done) => {
          if ((options as { all?: boolean }).all) done(null, [{ address, family }]);
          else (done as (e: null, a: string, f: number) => void)(null, address, family);
        },
      },
      resolve,
    );
    req.on('error', (error) =>
      reject(
        signal.aborted
          ? new LinkError('timeout', 'the link did not answer in time')
          : new LinkError('unreachable', (error as Error).message),
      ),
    );
    req.end();
  });
}
