import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Settings } from './config';
import type { Database } from './platform/db/client';
import type { Queue } from './platform/queue/queue';
import { installErrorHandling, notFoundEnvelope } from './platform/http/error-handler';
import { installTrimming } from './platform/http/trim';
import { installSecurity } from './platform/http/security';
import { installOpenApi, openApiRoute } from './platform/http/openapi';
import { installWeb, isSpaNavigation, sendIndex, type WebBuild } from './platform/http/web';
import { healthRoutes } from './features/health/health.routes';
import { createAnalyticsRepo } from './features/analytics/analytics.repo';
import { createAnalyticsService } from './features/analytics/analytics.service';
import { analyticsRoutes } from './features/analytics/analytics.routes';
import { createAbTestRepo } from './features/ab-test/ab-test.repo';
import { createAbTestService, parseOverrides } from './features/ab-test/ab-test.service';
import { abTestRoutes } from './features/ab-test/ab-test.routes';
import { createCategoriesRepo } from './features/categories/categories.repo';
import { createCategoriesService } from './features/categories/categories.service';
import { categoriesRoutes } from './features/categories/categories.routes';
import { voicesRoutes } from './features/voices/voices.routes';
import { createUsersRepo } from './features/users/users.repo';
import { createSessionsService } from './features/users/sessions.service';
import { createTokenSigner } from './platform/auth/tokens';
import { loadSecret } from './platform/auth/secret';
import { installIdentity } from './platform/auth/identity';
import { installSignIn } from './features/auth/auth.module';
import type { AuthService } from './features/auth/auth.service';
import { createStorageFeature } from './features/storage/storage.factory';
import { storeRoutes } from './features/storage/store.routes';
import { storageRoutes } from './features/storage/storage.routes';
import { createLibraryRepo } from './features/library/library.repo';
import { createLibraryService } from './features/library/library.service';
import { libraryRoutes } from './features/library/library.routes';
import { installCommerce } from './features/billing/commerce';
import { createCoversFeature } from './features/covers/covers.module';
import { coversRoutes } from './features/covers/covers.routes';

export interface AppDeps {
  settings: Settings;
  database: Database;
  queue: Queue;
  /** The built SPA, or null where none is served (API-only processes, most tests). */
  web?: WebBuild | null;
  logger?: boolean | object;
  /** Token signing secret; default AUTH_SECRET or the one kept in the data directory. */
  secret?: Uint8Array;
}

/** The composition root of the API process: services built once, routes registered explicitly. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { settings, database } = deps;
  const app = Fastify({
    logger: deps.logger ?? {
      level: settings.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
    },
    bodyLimit: settings.BODY_LIMIT_BYTES,
    trustProxy: settings.TRUST_PROXY,
    // Malformed URLs (bad percent-encoding) get the envelope too, not Fastify's own body.
    frameworkErrors: (error, _request, reply) => {
      void (reply as FastifyReply)
        .code(400)
        .send({ code: 1, data: null, msg: `Bad request: ${error.message}` });
    },
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  await installSecurity(app, { ratePerMinute: settings.RATE_LIMIT_PER_MINUTE });
  await app.register(cookie);
  await app.register(formbody, { bodyLimit: settings.BODY_LIMIT_BYTES });
  await installOpenApi(app);
  installTrimming(app);

  const usersRepo = createUsersRepo(database.db);
  const secret = deps.secret ?? loadSecret(settings.AUTH_SECRET, settings.dataDir);
  const sessions = createSessionsService({
    repo: usersRepo,
    signer: createTokenSigner(secret),
  });
  installIdentity(app, sessions.resolve);

  const categories = createCategoriesService({ repo: createCategoriesRepo(database.db) });
  const analytics = createAnalyticsService({ repo: createAnalyticsRepo(database.db) });
  const abTests = createAbTestService({
    repo: createAbTestRepo(database.db),
    overrides: parseOverrides(settings.AB_OVERRIDES),
  });

  await app.register(healthRoutes({ database, queue: deps.queue }));
  await app.register(categoriesRoutes(categories));
  await app.register(voicesRoutes());
  await app.register(analyticsRoutes(analytics));
  await app.register(abTestRoutes(abTests));
  // Sign-in: embedded account provider at /accounts (or OIDC_ISSUER) and the /v1 login routes.
  const { auth } = await installSignIn(app, { settings, database, sessions, usersRepo, analytics, secret });
  const storage = createStorageFeature({ settings, db: database.db, secret });
  const library = createLibraryService({ repo: createLibraryRepo(database.db), storage: storage.service });
  await app.register(storeRoutes({ ...storage, storage: storage.service }));
  await app.register(storageRoutes(storage.service, { publicUrl: settings.PUBLIC_URL }));
  await app.register(libraryRoutes(library));
  // AI Covers tasks; the wallet asks them who owns a covers task before charging its download.
  const covers = createCoversFeature({
    db: database.db,
    queue: deps.queue,
    storage: storage.service,
    log: app.log,
  });
  await app.register(coversRoutes(covers));
  // Credits wallet, memberships, checkout, promotion (issue 6).
  const commerce = await installCommerce(app, {
    settings,
    database,
    secret,
    tasks: { 'ai-covers': covers.taskLookup },
  });
  // At sign-in: visitor uploads move to the account; user info carries the wallet's fields.
  auth.registerVisitorClaim('storage', storage.service.claimVisitorFiles);
  auth.registerVisitorClaim('covers', covers.claimVisitorTasks);
  auth.registerUserInfoContributor(commerce.userInfoContributor);
  openApiRoute(app);

  const web = deps.web ?? null;
  if (web) await installWeb(app, web, settings.BASE_PATH);
  app.setNotFoundHandler((request, reply) => {
    if (web && isSpaNavigation(request, settings.BASE_PATH)) return sendIndex(reply, web);
    return reply.code(404).send(notFoundEnvelope(request.method, request.url));
  });

  app.decorate('services', { sessions, usersRepo, auth, storage: storage.service });
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Services tests and later features reach through the app (built once in buildApp). */
    services: {
      sessions: ReturnType<typeof createSessionsService>;
      usersRepo: ReturnType<typeof createUsersRepo>;
      /** Features register user-info contributors and visitor-work claimers here. */
      auth: AuthService;
      storage: ReturnType<typeof createStorageFeature>['service'];
    };
  }
}
