import type { KnowledgeRouteAccess, ModuleFlag, UsageMetric } from '@lexdesk/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Harness } from '../../../test/harness.ts';
import type { Database, Db } from '../../db/database.types.ts';
import type { OrgScope } from '../access/actor.ts';
import type { AuditVocabulary } from '../audit/audit-sentences.ts';
import type { AppContext } from '../context.ts';
import type { JobHandler } from '../jobs/jobs.service.ts';

/**
 * One business module, declared once in `modules/<module>/index.ts` and listed once in `modules/registry.ts`
 * (docs/architecture.md, "Adding a module"). The registry drives the app's routes and jobs, the demo seed,
 * deletion, the usage download, the history screens' sentences and the route-access test.
 */
export interface LexdeskModule {
  name: string;
  routes?: readonly FastifyPluginAsyncZod<{ ctx: AppContext }>[];
  /** Background job handlers by job kind. */
  jobs?: Readonly<Record<string, JobHandler<never>>>;
  /** What the module keeps and what becomes of it when its owner goes (see `ModuleData`). */
  data?: ModuleData;
  /** Counters for the usage download (grouped by organisation, one query each). */
  usage?: readonly UsageCounter[];
  /** How the module's audit events read in the history screens. */
  audit?: AuditVocabulary;
  /** The hourly sweep (platform/housekeeping.ts): purge what can no longer be used; safe on several servers at once. */
  housekeeping?: (ctx: AppContext) => Promise<unknown>;
  /** Demo data, run in registry order on an empty database after the demo organisations and users exist. */
  seed?: (ctx: AppContext) => Promise<void>;
  /**
   * Records of other modules this module holds on to (an invoice holds the time entries it bills): the module
   * that owns them asks through `platform/modules/holds.ts` before changing or deleting one, and refuses with
   * the holder's reason. The owner never imports the holder (docs/architecture.md, "Holds").
   */
  holds?: ModuleHolds;
  /**
   * Credentials of the module's own API (the knowledge API's token and service key, spec 01 §7): each sets
   * `request.actor` (a token) or `request.serviceOrganisationId` (an API key), or throws 401.
   */
  accessSchemes?: Partial<Record<KnowledgeRouteAccess, (ctx: AppContext, request: FastifyRequest) => Promise<void>>>;
  /** Test-only: ids of the demo organisation's records and valid bodies for the route-access test. */
  routeAccessFixtures?: () => Promise<RouteAccessFixtures>;
}

/** A table of the schema (the registry test compares the declarations with the real schema). */
export type TableName = keyof Database & string;

/**
 * Every organisation-scoped table belongs to one module, which says what happens to its rows and its stored
 * files when a case, a user or an organisation is deleted. Each cleanup runs inside the delete's transaction
 * and answers the storage keys of the files it released; they are removed after the commit.
 * Rows whose foreign keys cascade (or set null) need no code; stored files, rows without such a key (audit,
 * outbox) and rows handed over to a successor do.
 */
export interface ModuleData {
  tables: readonly TableName[];
  /** `table.column` of each column holding a storage key: such a module must clean up files. */
  files?: readonly string[];
  caseDeleted?: (tx: AppContext, target: { organisationId: number; caseId: number }) => Promise<readonly string[]>;
  /** `successorId`: who takes over what the user owned (the deleting admin of the same organisation), or null. */
  userDeleted?: (tx: AppContext, target: UserDeletion) => Promise<readonly string[]>;
  organisationDeleted?: (tx: AppContext, organisationId: number) => Promise<readonly string[]>;
  /**
   * The provider switched module flags of the organisation off (its licence): the module ends what would
   * otherwise outlive it, such as credentials (knowledge API keys are revoked; issue 29). Inside the update's
   * transaction. A lapsed plan is no switch: it is read on every call (organisationCeilings).
   */
  organisationModulesOff?: (tx: AppContext, organisationId: number, flags: readonly ModuleFlag[]) => Promise<void>;
}

/** What a module holds, by kind of record: of the given ids, the held ones with the reason (a 409's message). */
export interface ModuleHolds {
  timeEntries?: (c: AppContext, organisationId: number, ids: readonly number[]) => Promise<ReadonlyMap<number, string>>;
}

export interface UserDeletion {
  organisationId: number;
  userId: number;
  successorId: number | null;
}

/** Counts per organisation id for the organisations in `scope` (one, or all); a missing id counts 0. */
export interface UsageCounter {
  metric: UsageMetric;
  count: (db: Db, scope: OrgScope) => Promise<ReadonlyMap<number, number>>;
}

/** What a module hands the route-access test (platform/access/route-access.test.ts). */
export interface RouteAccessFixtures {
  /** Ids of Demo Law LLP records by route parameter name, created through the services. */
  params: (harness: Harness) => Promise<Record<string, number>>;
  /** A request that passes validation on one of the module's routes, so only ownership can stop it. */
  request?: (method: string, url: string) => object | null;
}

/** Declares a module (a typed identity: the registry reads the declaration, nothing is registered here). */
export function defineModule(module: LexdeskModule): LexdeskModule {
  return module;
}
