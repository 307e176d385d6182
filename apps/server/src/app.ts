import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Settings } from './config';
import type { Database } from './platform/db/client';
import type { Feature } from './platform/feature';
import type { AppQueue } from './jobs';
import {
  clientErrorEnvelope,
  frameworkErrorEnvelope,
  installErrorHandling,
  notFoundEnvelope,
} from './platform/http/error-handler';
import { installJsonBodies } from './platform/http/json-body';
import { installCrossSiteCheck } from './platform/http/cross-site';
import { installCanonicalHost } from './platform/http/canonical-host';
import { installTrimming } from './platform/http/trim';
import { RequestLog } from './platform/http/request-log';
import { installSecurity } from './platform/http/security';
import { installOpenApi, openApiRoute } from './platform/http/openapi';
import { installWeb, isSpaNavigation, sendIndex, type WebBuild } from './platform/http/web';
import { loadSecret } from './platform/auth/secret';
import { installIdentity } from './platform/auth/identity';
import { createMailer, type Mailer } from './platform/mail/mail';
import { createAbTestFeature } from './features/ab-test/ab-test.feature';
import { createAccountsFeature } from './features/accounts/accounts.feature';
import { createAnalyticsFeature } from './features/analytics/analytics.feature';
import { createAuthFeature, publicOrigin, signInRedirects } from './features/auth/auth.feature';
import type { UserInfoContributor, VisitorWorkClaimer } from './features/auth/auth.service';
import { createBillingFeature } from './features/billing/billing.feature';
import { createCategoriesFeature } from './features/categories/categories.feature';
import { createCoverArtFeature } from './features/cover-art/cover-art.feature';
import { createCoversFeature } from './features/covers/covers.feature';
import { createFeedbackFeature } from './features/feedback/feedback.feature';
import { createCreditsFeature } from './features/credits/credits.feature';
import { createHeadshotsFeature } from './features/headshots/headshots.feature';
import { createHealthFeature } from './features/health/health.feature';
import { createLibraryFeature } from './features/library/library.feature';
import { createPromotionFeature } from './features/promotion/promotion.feature';
import { createStorageFeature } from './features/storage/storage.feature';
import { SESSION_GRANT } from './features/storage/signing/grants';
import { createUsersFeature } from './features/users/users.feature';
import { createVoicesFeature } from './features/voices/voices.feature';
import { COVER_DOWNLOAD } from '@ai-covers/contracts';
import { dspEngine, type Engine } from '@ai-covers/engine';

export interface AppDeps {
  settings: Settings;
  database: Database;
  queue: AppQueue;
  /** The built SPA, or null where none is served (API-only processes, most tests). */
  web?: WebBuild | null;
  logger?: boolean | object;
  /** Token signing secret; default AUTH_SECRET or the one kept in the data directory. */
  secret?: Uint8Array;
  /** The cover engine (main.ts opens the one ENGINE names); the DSP engine by default. */
  engine?: Engine;
  /** Sign-in hooks beyond the features' own: tests plug a feature of their own in here. */
  signIn?: { userInfo?: UserInfoContributor[]; visitorClaims?: VisitorWorkClaimer[] };
}

/**
 * Builds every feature in dependency order, each handed what it calls at construction. Two cycles
 * remain, registered once both sides exist and written down in the features' headers: the wallet
 * and covers, covers and cover art.
 */
async function createFeatures(deps: AppDeps & { secret: Uint8Array; app: FastifyInstance; mailer: Mailer }) {
  const { settings, database, queue, secret, app, mailer } = deps;
  const db = database.db;

  const users = createUsersFeature({ database, secret });
  const health = createHealthFeature({
    database,
    queue,
    disk: { dir: settings.dataDir, minFreeBytes: settings.MIN_FREE_DISK_MB * 1024 * 1024 },
  });
  const categories = createCategoriesFeature({ db });
  const engine = deps.engine ?? dspEngine;
  const analytics = createAnalyticsFeature({ db });
  const abTests = createAbTestFeature({
    db,
    overrides: settings.AB_OVERRIDES,
    analytics: analytics.service,
    reportToken: settings.AB_REPORT_TOKEN,
  });
  const storage = createStorageFeature({ settings, db, secret });
  const credits = createCreditsFeature({ db });
  const voices = createVoicesFeature({
    engine,
    db,
    queue,
    files: storage.files,
    log: app.log,
    readStamp: (userId, sessionId) => users.readStamps.stamp(userId, sessionId, 'voices'),
  });
  const covers = createCoversFeature({
    db,
    queue,
    files: storage.files,
    engine: voices.coverEngine,
    ownVoice: voices.userVoices.usableName,
    paidTasks: (userId, taskIds) =>
      credits.service.chargedTaskIds(userId, COVER_DOWNLOAD.kind, COVER_DOWNLOAD.purpose, taskIds),
    paidCondition: credits.service.chargedCondition(COVER_DOWNLOAD.kind, COVER_DOWNLOAD.purpose),
    readStamp: (userId, sessionId) => users.readStamps.stamp(userId, sessionId, 'covers'),
    log: app.log,
    songLinks: {
      allowHosts: settings.SONG_LINK_ALLOW_HOSTS,
      timeoutMs: settings.SONG_LINK_TIMEOUT_SECONDS * 1000,
    },
  });
  // Cycle: the wallet asks covers who owns a task before charging its download, and names covers
  // in the credit records.
  credits.service.registerTool('ai-covers', covers.forWallet);
  const coverArt = createCoverArtFeature({
    db,
    queue,
    files: storage.files,
    covers: covers.service,
    log: app.log,
    web: deps.web ?? null,
    basePath: settings.BASE_PATH,
    publicOrigin: publicOrigin(settings),
  });
  // Cycle: a deleted cover takes its art's files along; its downloads carry the art as their picture.
  covers.service.registerRemovalHook(coverArt.service.removeCoverArt);
  covers.downloads.registerArtwork(coverArt.service.artworkPicture);
  const accounts = settings.OIDC_ISSUER
    ? null
    : await createAccountsFeature({
        settings,
        db,
        mailer,
        origin: publicOrigin(settings),
        redirects: signInRedirects(settings),
      });
  const headshots = createHeadshotsFeature({
    settings,
    db,
    queue,
    files: storage.files,
    store: storage.store,
    secret,
    mailer,
    abTests: abTests.service,
    // Mail goes to the account's address, in its sign-up language where the embedded provider has it.
    recipientOf: async (userId) => {
      const email = (await users.users.findById(userId))?.email;
      if (!email) return null;
      return { email, lang: (await accounts?.mailLanguageOf(email)) ?? 'en' };
    },
    origin: publicOrigin(settings),
    readStamp: (userId, sessionId) => users.readStamps.stamp(userId, sessionId, 'headshots'),
    log: app.log,
  });
  // The library lists what the user uploaded: a declined headshot photo is a refused upload.
  const library = createLibraryFeature({ files: storage.files, refused: [headshots.declinedPhotoFiles] });
  // A paid headshot order becomes the headshot feature's entitlement.
  const billing = createBillingFeature({
    settings,
    db,
    secret,
    credits: credits.service,
    headshots: headshots.entitlements,
  });
  const promotion = createPromotionFeature({
    credits: credits.service,
    secret,
    basePath: settings.BASE_PATH,
  });
  // Sign-in moves visitor work to the account and gathers user info from the features that own it.
  const auth = createAuthFeature({
    settings,
    embedded: accounts,
    sessions: users.sessions,
    users: users.users,
    readStamps: users.readStamps,
    analytics: analytics.service,
    userInfo: [credits.userInfoContributor, promotion.userInfoContributor, ...(deps.signIn?.userInfo ?? [])],
    visitorClaims: [
      storage.files.claimVisitorFiles,
      covers.service.claimVisitorTasks,
      ...(deps.signIn?.visitorClaims ?? []),
    ],
    secret,
    app: () => app,
  });
  // Feedback is taken on the caller's finished covers and on any of the user's headshot packs
  // (headshots' "contact us" goes through the same form, also while a pack is being made).
  const feedback = createFeedbackFeature({
    db,
    subjects: {
      'ai-covers': async (owner, taskId) => (await covers.service.finishedCover(taskId, owner)) !== null,
      headshots: async (owner, packId) =>
        owner.userId !== null && (await headshots.service.ownsPack(owner.userId, packId)),
    },
  });

  return {
    users,
    health,
    categories,
    voices,
    analytics,
    abTests,
    storage,
    library,
    credits,
    covers,
    coverArt,
    billing,
    headshots,
    promotion,
    accounts,
    auth,
    feedback,
  };
}
/** Every feature of the API process, as `buildApp` built them (tests, benches and the worker use them). */
export type AppFeatures = Awaited<ReturnType<typeof createFeatures>>;

/** The composition root of the API process: features built once, their routes registered in one loop. */
export async function buildApp(deps: AppDeps): Promise<{ app: FastifyInstance; features: AppFeatures }> {
  const { settings } = deps;
  const app = Fastify({
    logger: deps.logger ?? {
      level: settings.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
    },
    bodyLimit: settings.BODY_LIMIT_BYTES,
    trustProxy: settings.TRUST_PROXY,
    // Malformed URLs (bad percent-encoding) and requests Node's parser refuses get the envelope
    // too, not Fastify's own body.
    frameworkErrors: frameworkErrorEnvelope,
    clientErrorHandler: clientErrorEnvelope,
    return503OnClosing: true,
    // One line for the requests that matter, not two for every request.
    logController: new RequestLog(),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  await installSecurity(app, { ratePerMinute: settings.RATE_LIMIT_PER_MINUTE });
  installCrossSiteCheck(app, { publicUrl: settings.PUBLIC_URL, origin: publicOrigin(settings) });
  await app.register(cookie);
  await app.register(formbody, { bodyLimit: settings.BODY_LIMIT_BYTES });
  installJsonBodies(app);
  await installOpenApi(app);
  installTrimming(app);
  if (!settings.PUBLIC_URL) installCanonicalHost(app, { port: settings.PORT, basePath: settings.BASE_PATH });

  const secret = deps.secret ?? loadSecret(settings.AUTH_SECRET, settings.dataDir);
  const mailer = createMailer({
    from: settings.MAIL_FROM,
    outboxDir: path.join(settings.dataDir, 'outbox'),
    smtpUrl: settings.SMTP_URL,
  });
  app.addHook('onClose', async () => mailer.close());
  const features = await createFeatures({ ...deps, secret, app, mailer });
  installIdentity(app, features.users.sessions.resolve);
  features.storage.files.registerGrant(SESSION_GRANT, features.users.sessions.isLive);
  for (const feature of Object.values(features) as (Feature | null)[]) {
    for (const routes of feature?.routes ?? []) await app.register(routes);
    if (feature?.close) app.addHook('onClose', feature.close);
  }
  openApiRoute(app);

  const web = deps.web ?? null;
  if (web) await installWeb(app, web, settings.BASE_PATH);
  app.setNotFoundHandler((request, reply) => {
    if (web && isSpaNavigation(request, settings.BASE_PATH)) return sendIndex(reply, web, settings.BASE_PATH);
    return reply.code(404).send(notFoundEnvelope(request.method, request.url));
  });
  return { app, features };
}
