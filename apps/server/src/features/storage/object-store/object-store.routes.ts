import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  Code,
  DEFAULT_MIME,
  Msg,
  callbackVars,
  isSafeObjectKey,
  mimeTypeOf,
  type CallbackVars,
} from '@ai-covers/contracts';
import { AppError, badRequest } from '../../../platform/http/app-error';
import { cleanInput } from '../../../platform/http/trim';
import type { CredentialKeys } from '../signing/credentials';
import { imageTransformer, parseImageProcess } from '../files/image-process';
import { UploadRejected, type ObjectStore } from '../../../platform/storage/object-store';
import {
  hmacSha1,
  parseAuthorization,
  requestDate,
  sameSignature,
  stringToSign,
} from '../signing/oss-signature';
import { parseRange, type ReadUrls } from '../signing/read-urls';
import type { Grants } from '../signing/grants';
import { CALLBACK_BODY } from '../files/callback-fields';
import type { UploadsService } from '../uploads/uploads.service';
import { ok } from '../../../platform/http/envelope';

const MAX_SKEW_MS = 15 * 60_000;
const forbidden = (msg: string) => new AppError(Code.notAuthorized, msg, 403);

/** Bucket and key of a `/storage/<bucket>/<key>` URL, decoded once and checked (no traversal). */
export function objectAddress(rawUrl: string): { bucket: string; key: string } {
  const pathname = rawUrl.split('?')[0] ?? '';
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname.replace(/^\/storage\//, ''));
  } catch {
    throw badRequest('Invalid object key');
  }
  const slash = decoded.indexOf('/');
  const bucket = slash > 0 ? decoded.slice(0, slash) : decoded;
  const key = slash > 0 ? decoded.slice(slash + 1) : '';
  if (!isSafeObjectKey(key)) throw badRequest('Invalid object key');
  return { bucket, key };
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function decodeJsonHeader(value: string | undefined, name: string): unknown {
  if (value === undefined) return undefined;
  try {
    return JSON.parse(Buffer.from(value, 'base64').toString('utf8'));
  } catch {
    throw badRequest(`${name} must be base64-encoded JSON`);
  }
}

/**
 * The embedded object store at /storage (§7): signed PUT (embedded driver only) and signed
 * GET with Range and image processing. Registered as its own encapsulated plugin so its bodies are
 * never parsed or buffered: the PUT handler streams `request.raw` straight to disk.
 */
export function objectStoreRoutes(deps: {
  store: ObjectStore;
  uploads: UploadsService;
  keys: CredentialKeys;
  readUrls: ReadUrls;
  grants: Grants;
  now?: () => number;
  /** At shutdown, how long uploads in progress may go on before they are cut (default 5 s). */
  uploadGraceMs?: number;
}): FastifyPluginAsync {
  const { store, uploads, keys } = deps;
  const now = deps.now ?? (() => Date.now());
  /** Uploads whose bytes are being written, with the moment their write (and its cleanup) settled. */
  const inflight = new Map<FastifyRequest['raw'], Promise<unknown>>();

  /** Checks everything that can be checked before the body is read. */
  async function authorizePut(request: FastifyRequest) {
    const { bucket, key } = objectAddress(request.raw.url ?? '');
    if (bucket !== store.bucket) throw new AppError(Code.resourceError, 'No such bucket', 404);
    const auth = parseAuthorization(header(request, 'authorization'));
    if (!auth) throw forbidden('Authorization must be OSS <AccessKeyId>:<Signature>');
    const token = header(request, 'x-oss-security-token');
    if (!token) throw forbidden('x-oss-security-token is required');
    const claims = uploads.readToken(token);
    const access = keys.accessKeyFor(token, claims);
    if (auth.accessKeyId !== access.accessKeyId)
      throw forbidden('The access key does not match the security token');
    const expected = hmacSha1(access.secret, stringToSign('PUT', request.headers, `/${bucket}/${key}`));
    if (!sameSignature(auth.signature, expected)) throw forbidden('The request signature does not match');
    const date = Date.parse(requestDate(request.headers));
    if (!Number.isFinite(date)) throw forbidden('x-oss-date (or Date) is required');
    if (Math.abs(now() - date) > MAX_SKEW_MS) throw forbidden('The request time is too skewed');
    if (claims.bucket !== bucket || !key.startsWith(claims.prefix) || key.length === claims.prefix.length)
      throw forbidden('This credential cannot write to this key');
    await uploads.assertCredentialUnused(claims);

    const lengthHeader = header(request, 'content-length');
    if (lengthHeader === undefined || !/^\d+$/.test(lengthHeader))
      throw new AppError(Code.error, 'Content-Length is required', 411);
    const length = Number(lengthHeader);
    if (length > claims.max)
      throw new AppError(Code.error, `File is larger than the limit of ${claims.max} bytes`, 413);

    const callback = decodeJsonHeader(header(request, 'x-oss-callback'), 'x-oss-callback') as
      { callbackBody?: unknown } | undefined;
    if (!callback || callback.callbackBody !== CALLBACK_BODY)
      throw badRequest('x-oss-callback must carry the callback_body of the upload credential');
    const rawVars = decodeJsonHeader(header(request, 'x-oss-callback-var'), 'x-oss-callback-var') ?? {};
    // Base64 carries what a header cannot: a NUL would reach the database with the file's name.
    const vars = callbackVars.safeParse(cleanInput(rawVars, 'x-oss-callback-var', { trim: false }));
    if (!vars.success) throw badRequest(`x-oss-callback-var: ${vars.error.issues[0]?.message ?? 'invalid'}`);
    return { key, claims, length, vars: vars.data as CallbackVars };
  }

  async function handlePut(request: FastifyRequest, reply: FastifyReply) {
    let checked: Awaited<ReturnType<typeof authorizePut>>;
    try {
      checked = await authorizePut(request);
    } catch (error) {
      // The body was never read: close the connection instead of draining a large upload.
      reply.header('connection', 'close');
      throw error;
    }
    const { key, claims, length, vars } = checked;
    const declared = header(request, 'content-type');
    const mimeType = declared && declared !== DEFAULT_MIME ? declared.split(';')[0]!.trim() : mimeTypeOf(key);
    let info;
    const writing = store.write(key, request.raw, {
      maxBytes: claims.max,
      expectedBytes: length,
      expectedMd5: header(request, 'content-md5'),
      contentType: mimeType,
    });
    inflight.set(
      request.raw,
      writing.catch(() => undefined),
    );
    try {
      info = await writing;
    } catch (error) {
      reply.header('connection', 'close');
      if (error instanceof UploadRejected) throw new AppError(Code.error, error.message, error.status);
      throw error;
    } finally {
      inflight.delete(request.raw);
    }
    try {
      // The upload callback (§3): signed by the store, verified and recorded by the callback handler.
      const { fields, signature } = await uploads.signedCallback(claims, key, { ...info, mimeType }, vars);
      const file = await uploads.handleCallback(fields, signature);
      reply.header('etag', info.etag);
      return ok(file);
    } catch (error) {
      // The object is ours (link() made it); without its row it must not stay.
      await store.remove(key);
      throw error;
    }
  }

  async function handleGet(
    request: FastifyRequest<{ Querystring: Record<string, string> }>,
    reply: FastifyReply,
  ) {
    const { bucket, key } = objectAddress(request.raw.url ?? '');
    if (bucket !== store.bucket) throw new AppError(Code.resourceError, 'No such bucket', 404);
    const query = request.query;
    deps.readUrls.verify(bucket, key, query);
    // A URL handed out under a grant (a share) reads only while the grant is live; what was read
    // is not kept by caches either, so a revoked share stops at once.
    const granted = query.grant !== undefined;
    if (granted && !(await deps.grants.isLive(query.grant!)))
      throw new AppError(Code.resourceError, Msg.fileMissing, 404);
    const info = await store.stat(key);
    if (!info) throw new AppError(Code.resourceError, Msg.fileMissing, 404);
    reply.header('cache-control', granted ? 'no-store' : 'private, max-age=300');
    if (query['response-content-disposition'])
      reply.header('content-disposition', query['response-content-disposition']);

    if (query['x-oss-process']) {
      const process = parseImageProcess(query['x-oss-process']);
      if (typeof process === 'string') throw badRequest(process);
      if (!(info.contentType ?? mimeTypeOf(key)).startsWith('image/'))
        throw badRequest('x-oss-process applies to images only');
      const { transformer, contentType } = imageTransformer(process);
      const source = await store.read(key);
      source.on('error', (error) => transformer.destroy(error));
      // Rendered to a buffer (bounded by the 4096-pixel sides) so a corrupt image is a clean 400.
      const output = await source
        .pipe(transformer)
        .toBuffer()
        .catch(() => {
          throw badRequest('The image cannot be processed');
        });
      reply.header('content-type', contentType);
      return reply.send(output);
    }

    const range = parseRange(header(request, 'range'), info.size);
    reply.header('accept-ranges', 'bytes');
    reply.header('etag', info.etag);
    reply.header('content-type', info.contentType ?? mimeTypeOf(key));
    if (range === 'invalid') {
      reply.header('content-range', `bytes */${info.size}`);
      throw new AppError(Code.error, 'Requested range is not satisfiable', 416);
    }
    if (range) {
      reply.code(206);
      reply.header('content-range', `bytes ${range.start}-${range.end}/${info.size}`);
      reply.header('content-length', range.end - range.start + 1);
      return reply.send(await store.read(key, range));
    }
    reply.header('content-length', info.size);
    return reply.send(await store.read(key));
  }

  /**
   * Shutdown: uploads in progress get a grace to finish; then they are cut (the socket closed), and
   * close waits until their writes have removed their partial files. Nothing was recorded for them,
   * so their credentials stay usable for a new attempt.
   */
  async function drainUploads(): Promise<void> {
    const deadline = Date.now() + (deps.uploadGraceMs ?? 5000);
    while (inflight.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const cut = [...inflight];
    for (const [raw] of cut) raw.destroy(new Error('The server is shutting down'));
    await Promise.all(cut.map(([, settled]) => settled));
  }

  return async (app) => {
    app.addHook('preClose', drainUploads);
    app.removeAllContentTypeParsers();
    // Leave every body unread: the PUT handler streams it itself.
    app.addContentTypeParser('*', (_request, _payload, done) => done(null));
    if (store.driver === 'embedded') {
      // Authorised by its signature alone, like the object stores it stands in for: no cookie.
      app.put('/storage/*', { schema: { hide: true }, config: { crossSite: true } }, handlePut);
    }
    app.get('/storage/*', { schema: { hide: true } }, handleGet);
  };
}
