import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { commonMessages, PROFILE_IMAGE_MAX_BYTES } from '@lexdesk/contract';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config, TrustProxy } from './config.ts';
import type { Db } from './db/database.types.ts';
import { accountsRoutes } from './modules/accounts/accounts.routes.ts';
import { tokenSignInRoutes } from './modules/accounts/token-sign-in.routes.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { appConfigRoutes } from './modules/app-config/app-config.routes.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { mfaRoutes } from './modules/mfa/mfa.routes.ts';
import { registrationRoutes } from './modules/registration/registration.routes.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { setupRoutes } from './modules/setup/setup.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { organisationsRoutes } from './modules/organisations/organisations.routes.ts';
import { userAdminRoutes } from './modules/users/user-admin.routes.ts';
import { plansRoutes } from './modules/plans/plans.routes.ts';
import { questionnairesRoutes } from './modules/questionnaires/questionnaires.routes.ts';
import { templatesRoutes } from './modules/templates/templates.routes.ts';
import { executionsRoutes } from './modules/executions/executions.routes.ts';
import { templateExportsRoutes } from './modules/template-exports/template-exports.routes.ts';
import { casesRoutes } from './modules/cases/cases.routes.ts';
import { documentsRoutes } from './modules/documents/documents.routes.ts';
import { caseRecordsRoutes } from './modules/case-records/case-records.routes.ts';
import { registerJobRunner } from './platform/jobs/jobs.plugin.ts';
import { DOCS_PREFIX, registerAccess, type RouteAccessEntry } from './platform/access/access.plugin.ts';
import type { AppContext, MailTransport, SmsTransport } from './platform/context.ts';
import { registerMailDelivery } from './platform/mail/mail-delivery.ts';
import { webhookSmsTransport } from './platform/mail/transports.ts';
import { registerErrorHandling } from './platform/errors/error-handler.ts';
import { throttled } from './platform/errors/http-error.ts';
import { registerSecurityHeaders } from './platform/http/security-headers.ts';
import { webRoutes } from './platform/web/web.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The services' context (database, clock, config): tests use it to create data through services. */
    ctx: AppContext;
    /** Every registered route with its declared access, in registration order. */
    routeAccess: RouteAccessEntry[];
  }
}

export interface BuildAppOptions {
  config: Config;
  db: Db;
  /** The clock of every service; tests pass one they can move. */
  now?: () => Date;
  /** Sends email when set (nodemailer transporter for SMTP_URL); otherwise mail is printed on the console. */
  mailer?: MailTransport | null;
  /** Sends SMS; default: SMS_WEBHOOK_URL when set, otherwise SMS are printed on the console. */
  sms?: SmsTransport | null;
  /** Where log lines go (default stdout); tests read them to prove secrets stay out. */
  logStream?: { write: (line: string) => void };
}

/** Secrets never reach the log: link and sign-in tokens in URLs, authorization headers, passwords. */
export function redactUrl(url: string): string {
  return url.replace(/(token=)[^&/?#]*/gi, '$1[redacted]');
}

function loggerOptions(config: Config, stream: BuildAppOptions['logStream']): FastifyServerOptions['logger'] {
  if (config.logLevel === 'silent') return false;
  return {
    level: config.logLevel,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        '*.password',
        '*.new_password',
        '*.current_password',
        '*.confirm_password',
        '*.token',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (request: { method: string; url: string; ip?: string }) => ({
        method: request.method,
        url: redactUrl(request.url),
        remoteAddress: request.ip,
      }),
    },
  };
}

/**
 * Fastify ignores a bare hop count (it cannot tell a proxy from a direct client), so a count becomes "believe
 * the last N hops": right only when the server is reachable through the proxies alone (docs/operations.md).
 */
function trustProxyOption(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

/** The Fastify app: platform plugins (errors, security headers, limits, access, docs), modules and the SPA. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: loggerOptions(config, options.logStream),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: trustProxyOption(config.trustProxy),
    routerOptions: { ignoreTrailingSlash: true },
  });
  const ctx: AppContext = {
    config,
    db: options.db,
    now: options.now ?? (() => new Date()),
    log: app.log,
    mailer: options.mailer ?? null,
    sms:
      options.sms !== undefined ? options.sms : config.smsWebhookUrl ? webhookSmsTransport(config.smsWebhookUrl) : null,
  };
  const routes: RouteAccessEntry[] = [];
  app.decorate('ctx', ctx);
  app.decorate('routeAccess', routes);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  registerSecurityHeaders(app, { https: config.https });
  if (config.rateLimitPerMinute > 0) {
    await app.register(rateLimit, {
      global: true,
      max: config.rateLimitPerMinute,
      timeWindow: '1 minute',
      errorResponseBuilder: () => throttled(commonMessages.tooManyRequests),
    });
  }
  registerAccess(app, ctx, routes);
  await app.register(multipart, {
    limits: { fileSize: PROFILE_IMAGE_MAX_BYTES, files: 1, fields: 10, parts: 11, fieldSize: 10_000 },
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Lexdesk API', version: '0.1.0', description: 'Errors are `{detail, code, fields?}`.' },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX, uiConfig: { validatorUrl: null } });

  await app.register(accountsRoutes, { ctx });
  await app.register(tokenSignInRoutes, { ctx });
  await app.register(usersRoutes, { ctx });
  await app.register(organisationsRoutes, { ctx });
  await app.register(userAdminRoutes, { ctx });
  await app.register(plansRoutes, { ctx });
  await app.register(notificationsRoutes, { ctx });
  await app.register(adminRoutes, { ctx });
  await app.register(appConfigRoutes, { ctx });
  await app.register(settingsRoutes, { ctx });
  await app.register(setupRoutes, { ctx });
  await app.register(registrationRoutes, { ctx });
  await app.register(mfaRoutes, { ctx });
  await app.register(questionnairesRoutes, { ctx });
  await app.register(templatesRoutes, { ctx });
  await app.register(executionsRoutes, { ctx });
  await app.register(templateExportsRoutes, { ctx });
  await app.register(casesRoutes, { ctx });
  await app.register(documentsRoutes, { ctx });
  await app.register(caseRecordsRoutes, { ctx });
  registerMailDelivery();
  registerJobRunner(app, ctx);
  await app.register(webRoutes, { ctx });

  await app.ready();
  return app;
}
