import path from 'node:path';
import type { Config } from './config';
import type { Database } from './db/client';
import { RateLimiter } from './modules/abuse/rate-limiter';
import { AccountService } from './modules/accounts/account-service';
import { SessionService } from './modules/accounts/sessions';
import { UserAdminService } from './modules/admin/user-admin-service';
import { BackupService } from './modules/admin/backup-service';
import { ApiKeyService } from './modules/api-keys/service';
import { ActivityService } from './modules/activity/service';
import { FeedbackService } from './modules/feedback/service';
import { WatchService } from './modules/watch/service';
import { ChangeService } from './modules/changes/service';
import { DocsService } from './modules/docs/service';
import { CounterService, type CounterLog } from './modules/counters/service';
import { ItemAdoption } from './modules/items/adoption';
import { ConceptService } from './modules/concepts/service';
import { HarvestService } from './modules/harvest/service';
import { PatternService } from './modules/patterns/service';
import { TemplateService } from './modules/templates/service';
import { LockService } from './modules/locks/service';
import { MetricsService } from './modules/metrics/service';
import { OrganizationService } from './modules/organizations/service';
import { ProfileService } from './modules/profiles/service';
import { PublicApiService } from './modules/public-api/service';
import { SiteSearchService } from './modules/site-search/service';
import { StatementCheckService } from './modules/statement-check/service';
import { SimulationService } from './modules/statement-check/simulate';
import { LrsSendService } from './modules/lrs/service';
import { ReadCache } from './modules/read-cache/cache';
import { SparqlService, type SparqlLog } from './modules/sparql/service';
import { GraphConverter } from './modules/sparql/converter';
import { CaptchaService } from './modules/captcha/captcha';
import { OutboxMailer, SmtpMailer, type MailLog, type Mailer } from './modules/mail/mailer';
import { appJobs } from './jobs';
import { defaultRunnerOptions, JobRunner, type RunnerOptions } from './jobs/runner';
import { NotificationService } from './modules/notifications';
import { ReviewService } from './modules/reviews';
import { queuedMailer } from './jobs/send-mail';
import { queuedFollowUps } from './jobs/account-follow-up';
import { deliveryQueue } from './jobs/webhook-deliver';
import { SecretBox } from './modules/webhooks/secret-box';
import { WebhookService } from './modules/webhooks/service';

/** Every service the HTTP layer may call, built once per app from its dependencies. */
export interface Services {
  config: Config;
  database: Database;
  sessions: SessionService;
  captcha: CaptchaService;
  limiter: RateLimiter;
  /** Views, exports and API use, counted in memory and written in batches. */
  counters: CounterService;
  /** Queues every mail as a send-mail job. */
  mailer: Mailer;
  /** The job runner; `buildApp` starts it and stops it when the app closes. */
  jobs: JobRunner;
  accounts: AccountService;
  organizations: OrganizationService;
  apiKeys: ApiKeyService;
  userAdmin: UserAdminService;
  /** Backups of the whole site, for site admins. */
  backups: BackupService;
  locks: LockService;
  concepts: ConceptService;
  adoption: ItemAdoption;
  templates: TemplateService;
  patterns: PatternService;
  /** Profiles' Import Queues: files of statements harvested into candidate concepts. */
  harvest: HarvestService;
  profiles: ProfileService;
  publicApi: PublicApiService;
  /** Comparisons of two versions of a profile (changelogs). */
  changes: ChangeService;
  activity: ActivityService;
  feedback: FeedbackService;
  watches: WatchService;
  docs: DocsService;
  /** Views, exports and API use over windows of days, read from the counters. */
  metrics: MetricsService;
  /** The search page's calls over the one search index. */
  search: SiteSearchService;
  /** The specification's statement checks against published profiles. */
  statementChecks: StatementCheckService;
  /** Statements simulated from a version: `/api` (published, by IRI) and the site (by id). */
  simulations: SimulationService;
  /** Simulated statements sent to an LRS from the site. */
  lrsSends: LrsSendService;
  /** Public answers kept in memory; `buildApp` keeps it in step with announced changes. */
  readCache: ReadCache;
  /** The SPARQL store of this node; `buildApp` keeps it in step with announced changes. */
  sparql: SparqlService;
  /** Converts published documents to SPARQL N-Triples in a thread of its own. */
  graphConverter: GraphConverter;
  /** People's webhooks; deliveries are jobs. */
  webhooks: WebhookService;
  /** Each person's choice of how notifications reach them; the mails are a job. */
  notifications: NotificationService;
  /** Review of drafts: threads, review requests, decisions and each group's rule. */
  reviews: ReviewService;
}

export interface ServiceOverrides {
  /** Delivers what the send-mail job sends. */
  mailer?: Mailer;
  jobs?: Partial<RunnerOptions>;
  /** The clock the counters and the metrics read, so tests can move to another day. */
  counterClock?: () => Date;
}

export function buildServices(
  config: Config,
  database: Database,
  log: MailLog & CounterLog & SparqlLog,
  overrides: ServiceOverrides = {},
): Services {
  const { db } = database;
  const readCache = new ReadCache({ maxBytes: config.snapshotCacheBytes });
  const sessions = new SessionService(db);
  const captcha = new CaptchaService(db, config.secrets.ALTCHA_HMAC_KEY, config.captchaCost);
  const limiter = new RateLimiter(db);
  const counters = new CounterService({
    db,
    secret: config.secrets.SALT_SECRET,
    log,
    flushSeconds: config.counterFlushSeconds,
    ...(overrides.counterClock ? { now: overrides.counterClock } : {}),
  });
  const deliverer =
    overrides.mailer ??
    (config.smtpUrl
      ? new SmtpMailer(config.smtpUrl, config.mailFrom)
      : new OutboxMailer(path.join(config.dataDir, 'outbox'), config.mailFrom, log));
  const secrets = new SecretBox(config.secrets.SESSION_SECRET);
  const graphConverter = new GraphConverter();
  const jobs = new JobRunner(
    database,
    appJobs,
    {
      db,
      deliverer,
      log,
      siteUrl: config.publicUrl,
      webhooks: {
        secrets,
        allowPrivateTargets: config.webhooks.allowPrivateTargets,
        retryDelaysMs: config.webhooks.retryDelaysMs,
      },
      convertGraph: (document, iri) => graphConverter.toNTriples(document, iri),
      notifications: config.notifications,
    },
    {
      ...defaultRunnerOptions,
      pollingIntervalSeconds: config.jobPollSeconds,
      ...overrides.jobs,
    },
  );
  const mailer = queuedMailer(jobs);
  const accounts = new AccountService({
    db,
    sessions,
    captcha,
    limiter,
    mailer,
    followUps: queuedFollowUps(jobs),
    siteUrl: config.publicUrl,
    saltSecret: config.secrets.SALT_SECRET,
  });
  // Groups count their profiles through the profile service, which itself loads groups.
  const organizations: OrganizationService = new OrganizationService(
    db,
    (ids, includeDrafts): Promise<Map<string, number>> =>
      profiles.countByOrganization(ids, includeDrafts),
  );
  const locks = new LockService({ db, timeoutSeconds: config.lockTimeoutSeconds });
  const profiles: ProfileService = new ProfileService({
    db,
    cache: readCache,
    organizations,
    locks,
    counters,
    rootIri: config.profileRootIri,
  });
  const apiKeys = new ApiKeyService(db, organizations);
  const statementChecks = new StatementCheckService(db);
  const userAdmin = new UserAdminService(db);
  const simulations = new SimulationService(
    statementChecks,
    (user, profileId, versionId) => profiles.document(user, profileId, versionId),
    (organizationId, iri) => profiles.groupDraftDocument(organizationId, iri),
  );
  return {
    config,
    database,
    sessions,
    captcha,
    limiter,
    counters,
    mailer,
    jobs,
    accounts,
    organizations,
    apiKeys,
    userAdmin,
    backups: new BackupService(database, log),
    locks,
    concepts: new ConceptService({ db, organizations, locks }),
    adoption: new ItemAdoption({ db, organizations }),
    templates: new TemplateService({ db, organizations, locks }),
    patterns: new PatternService({ db, organizations, locks }),
    harvest: new HarvestService({
      db,
      organizations,
      maxStatements: config.importMaxStatements,
    }),
    profiles,
    publicApi: new PublicApiService(db, config.publicUrl, counters, readCache),
    changes: new ChangeService({ db, organizations, counters }),
    activity: new ActivityService({ db, organizations }),
    feedback: new FeedbackService({ db, organizations, limiter }),
    watches: new WatchService({ db, organizations }),
    docs: new DocsService({ db, organizations }),
    metrics: new MetricsService({
      db,
      organizations,
      counters,
      ...(overrides.counterClock ? { now: overrides.counterClock } : {}),
    }),
    search: new SiteSearchService(db),
    statementChecks,
    simulations,
    lrsSends: new LrsSendService(simulations, limiter, {
      allowPrivateTargets: config.lrsAllowPrivateTargets,
    }),
    readCache,
    sparql: new SparqlService(db, config.sparql, log),
    graphConverter,
    webhooks: new WebhookService({
      db,
      secrets,
      queue: deliveryQueue(jobs),
      allowPrivateTargets: config.webhooks.allowPrivateTargets,
      siteUrl: config.publicUrl,
    }),
    notifications: new NotificationService(db),
    reviews: new ReviewService(db),
  };
}
