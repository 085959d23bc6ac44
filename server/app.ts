import { BODY_LIMITS } from '../common/limits';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifySchema } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import type { Config } from './config';
import type { Database } from './db/client';
import { Csrf } from './http/app/csrf';
import { registerJsonBodiesOnly } from './http/app/json-bodies';
import { registerSessionResolution } from './http/app/session';
import { siteRoutes } from './http/app/site.routes';
import { accountRoutes } from './http/app/account.routes';
import { adminRoutes } from './http/app/admin.routes';
import { apiKeyRoutes } from './http/app/api-key.routes';
import { organizationRoutes } from './http/app/organization.routes';
import { searchRoutes } from './http/app/search.routes';
import { reviewRoutes } from './http/app/review.routes';
import { lockRoutes } from './http/app/lock.routes';
import { metricsRoutes } from './http/app/metrics.routes';
import { conceptRoutes } from './http/app/concept.routes';
import { harvestRoutes } from './http/app/harvest.routes';
import { deletedItemsRoutes } from './http/app/item.routes';
import { patternRoutes } from './http/app/pattern.routes';
import { templateRoutes } from './http/app/template.routes';
import { profileRoutes } from './http/app/profile.routes';
import { feedbackRoutes } from './http/app/feedback.routes';
import { docsRoutes } from './http/app/docs.routes';
import { userSessionRoutes } from './http/app/user.routes';
import { webhookRoutes } from './http/app/webhook.routes';
import { registerCompression } from './http/compression';
import { registerErrorHandling, sendNotFound } from './http/errors';
import { healthRoutes } from './http/health.routes';
import { RequestLog } from './http/request-log';
import { registerJsonBodies } from './http/json-body';
import { registerLoadShedding } from './http/load-shedding';
import { registerPrometheus } from './http/prometheus';
import { registerInputGuard } from './http/input-guard';
import { logSerializers } from './http/log';
import { registerApiCaller } from './http/api/caller';
import { registerOpenApi } from './http/api/openapi';
import { publicProfileRoutes } from './http/api/profile.routes';
import { statementCheckRoutes } from './http/api/statement.routes';
import { sparqlRoutes } from './http/api/sparql.routes';
import { documentRoutes } from './http/ld/document.routes';
import { iriRoutes } from './http/ld/iri.routes';
import { registerSecurityHeaders } from './http/security-headers';
import { keptAnswerSerializerCompiler } from './http/kept-answers';
import { registerSpa } from './http/spa';
import { followChanges } from './modules/read-cache/follow';
import { followSparqlChanges } from './modules/sparql/follow';
import { buildServices, type ServiceOverrides, type Services } from './services';

export interface AppDeps {
  config: Config;
  database: Database;
  /** Pino options or false; tests pass false. */
  logger?: boolean | Record<string, unknown>;
  /** Replacements for parts that talk to the outside world (tests). */
  overrides?: ServiceOverrides;
}

/** Request bodies beyond this are refused with 413 before they are parsed, unless a route takes more. */
export const BODY_LIMIT_BYTES = BODY_LIMITS.typed;

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * Request ids shaped like uuids without drawing randomness for each request: a random prefix per
 * process and a counter, so ids stay unique across the processes of a node and across restarts.
 */
function requestIds(): () => string {
  const prefix = randomUUID().slice(0, 24);
  let next = 0;
  return () => prefix + (next++).toString(16).padStart(12, '0');
}

/** Headers that carry secrets; they never reach a log line. */
const redactedPaths = [
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'req.headers["x-csrf-token"]',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
];

/**
 * Builds the whole HTTP application around its dependencies. `main.ts` calls it to serve;
 * tests call it with their own database and drive it through `inject`.
 */
export interface BuiltApp extends FastifyInstance {
  services: Services;
  /**
   * Every route the app serves, as registered, with the schemas it validates its input by; tests
   * check their coverage against it and aim hostile input at each field.
   */
  routeTable: Array<{ method: string; url: string; schema?: FastifySchema }>;
}

export async function buildApp(deps: AppDeps): Promise<BuiltApp> {
  const { config, database } = deps;
  const logger =
    deps.logger === false
      ? false
      : {
          level: config.logLevel,
          redact: redactedPaths,
          serializers: logSerializers,
          ...(typeof deps.logger === 'object' ? deps.logger : {}),
        };

  const newRequestId = requestIds();
  const app = Fastify({
    logger,
    logController: new RequestLog(),
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    // `/app/org/` is `/app/org`: every route answers with or without a trailing slash.
    routerOptions: { ignoreTrailingSlash: true },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : newRequestId();
    },
  }).withTypeProvider<ZodTypeProvider>();

  const services = buildServices(config, database, app.log, deps.overrides);
  await services.jobs.start();
  services.counters.start();
  // Runs before the database closes (main.ts and the tests close it after the app), so what was
  // counted since the last batch is written on every clean stop.
  app.addHook('onClose', async () => {
    try {
      await services.counters.stop();
    } finally {
      await services.jobs.stop();
    }
  });
  const stopFollowing = await followChanges(database, services.readCache, [
    (change) => services.apiKeys.forget(change),
  ]);
  app.addHook('onClose', () => stopFollowing());
  const stopSparql = await followSparqlChanges(database, services.sparql);
  app.addHook('onClose', async () => {
    await stopSparql();
    await services.sparql.close();
    await services.graphConverter.close();
  });

  const routeTable: BuiltApp['routeTable'] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routeTable.push({ method, url: route.url, schema: route.schema });
    }
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(keptAnswerSerializerCompiler);
  registerSecurityHeaders(app, { hsts: config.secureCookies });
  registerErrorHandling(app);
  registerJsonBodies(app);
  registerInputGuard(app);
  registerLoadShedding(app, config.loadShedding);
  registerPrometheus(app, services, config.metricsToken);

  await healthRoutes(app, services, config.trustProxy);
  await registerOpenApi(app);

  const csrf = new Csrf(config.secrets.SESSION_SECRET, config.secureCookies);
  await app.register(
    async (site) => {
      const scoped = site.withTypeProvider<ZodTypeProvider>();
      // Sessions live only here: no other answer reads or sets a cookie, so no other request
      // pays for parsing them.
      await scoped.register(fastifyCookie);
      await registerCompression(scoped);
      // In this order: the CSRF token is bound to the session, and a cross-site post is refused
      // as a CSRF failure before its content type is looked at.
      registerSessionResolution(scoped, services.sessions, config.secureCookies);
      csrf.guard(scoped);
      registerJsonBodiesOnly(scoped);
      siteRoutes(scoped, services, csrf);
      userSessionRoutes(scoped, services);
      accountRoutes(scoped, services);
      organizationRoutes(scoped, services);
      apiKeyRoutes(scoped, services);
      webhookRoutes(scoped, services);
      adminRoutes(scoped, services);
      profileRoutes(scoped, services);
      docsRoutes(scoped, services);
      feedbackRoutes(scoped, services);
      conceptRoutes(scoped, services);
      templateRoutes(scoped, services);
      patternRoutes(scoped, services);
      harvestRoutes(scoped, services);
      deletedItemsRoutes(scoped, services);
      lockRoutes(scoped, services);
      metricsRoutes(scoped, services);
      searchRoutes(scoped, services);
      reviewRoutes(scoped, services);
      // Unknown `/app` paths (however spelled) answer here, after the guards above.
      scoped.setNotFoundHandler((request, reply) =>
        sendNotFound(reply, request.method, request.url),
      );
    },
    { prefix: '/app' },
  );

  await app.register(
    async (api) => {
      const scoped = api.withTypeProvider<ZodTypeProvider>();
      await registerCompression(scoped);
      registerApiCaller(scoped, services, config);
      publicProfileRoutes(scoped, services);
      statementCheckRoutes(scoped, services);
      sparqlRoutes(scoped, services);
      scoped.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: '/api' },
  );

  iriRoutes(app, config.publicUrl);
  const { sendPage } = await registerSpa(app, config.spaDir);
  documentRoutes(app, services, sendPage);

  return Object.assign(app, { services, routeTable });
}
