import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { commonMessages, PROFILE_IMAGE_MAX_BYTES } from '@lexdesk/contract';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config, TrustProxy } from './config.ts';
import type { Db } from './db/database.types.ts';
import { guardTenantTables } from './db/tenant-guard.ts';
import { registerJobRunner } from './platform/jobs/jobs.plugin.ts';
import { DOCS_PREFIX, registerAccess, type RouteAccessEntry } from './platform/access/access.plugin.ts';
import type { AppContext, MailTransport, SmsTransport } from './platform/context.ts';
import { mailDeliveryJob } from './platform/mail/mail-delivery.ts';
import { MAIL_DELIVER_JOB } from './platform/mail/mail.service.ts';
import { registerJobHandler } from './platform/jobs/jobs.service.ts';
import type { LexdeskModule } from './platform/modules/module.ts';
import { MODULES } from './modules/registry.ts';
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
  /** The modules to serve (default: every module of modules/registry.ts). */
  modules?: readonly LexdeskModule[];
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

/**
 * Fastify names a plugin without a display name by scanning every loaded module for it, at each registration:
 * about a third of building the app (287 -> 196 ms), which every API test file does twice. A name skips the scan.
 */
function namePlugin<T extends object>(plugin: T, name: string): T {
  return Object.assign(plugin, { [Symbol.for('fastify.display-name')]: name });
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
    // Every query of the app passes the tenant guard (db/tenant-guard.ts; docs/security.md).
    db: await guardTenantTables(options.db),
    now: options.now ?? (() => new Date()),
    log: app.log,
    mailer: options.mailer ?? null,
    modules: options.modules ?? MODULES,
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
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer' },
          // The knowledge API's own token (never a main session token) and the service calls' key.
          knowledgeBearer: { type: 'http', scheme: 'bearer' },
          knowledgeApiKey: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'Api-Key <key>' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX, uiConfig: { validatorUrl: null } });

  // Every module's routes and job handlers, from the one registry (modules/registry.ts).
  for (const module of ctx.modules) {
    for (const [index, routes] of (module.routes ?? []).entries()) {
      await app.register(namePlugin(routes, `${module.name}-routes-${index + 1}`), { ctx });
    }
  }
  registerJobHandler(MAIL_DELIVER_JOB, mailDeliveryJob);
  for (const module of ctx.modules) {
    for (const [kind, handler] of Object.entries(module.jobs ?? {})) registerJobHandler(kind, handler);
  }
  registerJobRunner(app, ctx);
  await app.register(namePlugin(webRoutes, 'web-routes'), { ctx });

  await app.ready();
  return app;
}
