import {
  can,
  MODULE_FLAGS,
  planLapsed,
  sessionMessages,
  type AccessSubject,
  type ModuleFlag,
  type ModuleFlags,
  type PlanName,
  type Role,
} from '@lexdesk/contract';
import { forbidden } from '../errors/http-error.ts';
import type { ModuleFlagColumns } from '../../db/database.types.ts';

/** The signed-in caller of a request, resolved from the bearer token. */
export interface Actor extends AccessSubject {
  userId: number;
  organisationId: number;
  role: Role;
  plan: PlanName;
  /** Effective module flags: the user's flag AND the organisation's. */
  modules: ModuleFlags;
  sessionId: number;
}

/** The scope of a read: one organisation, or every organisation (the provider-side super user only). */
export const ALL_ORGANISATIONS: unique symbol = Symbol('all organisations');
export type OrgScope = number | typeof ALL_ORGANISATIONS;

/** Whose users the actor may look at: super sees every organisation, everyone else their own (contract `can`). */
export function readScope(actor: Actor): OrgScope {
  return can(actor, 'organisations.any_organisation.access') ? ALL_ORGANISATIONS : actor.organisationId;
}

/** 403 with the upgrade message unless the actor's effective flag for `module` is on (spec 01 §6). */
export function requireModule(actor: Actor, module: ModuleFlag): void {
  if (!actor.modules[module]) throw forbidden(sessionMessages.upgradeLicence);
}

const NO_MODULES = Object.fromEntries(MODULE_FLAGS.map((flag) => [flag, 0])) as unknown as ModuleFlagColumns;

/** The organisation's module ceilings: none while its paid plan has ended (spec 01 §6) until it is renewed. */
export function organisationCeilings(
  plan: PlanName,
  planExpiresAt: string | null,
  columns: ModuleFlagColumns,
  now: Date,
): ModuleFlagColumns {
  return planLapsed(plan, planExpiresAt, now) ? NO_MODULES : columns;
}

/** The user's flag AND the organisation's flag (the organisation's flags are ceilings). */
export function effectiveModules(user: ModuleFlagColumns, organisation: ModuleFlagColumns): ModuleFlags {
  const flags = {} as ModuleFlags;
  for (const flag of MODULE_FLAGS) flags[flag] = user[flag] === 1 && organisation[flag] === 1;
  return flags;
}

/** 0/1 module columns → booleans. */
export function moduleFlagsOf(columns: ModuleFlagColumns): ModuleFlags {
  const flags = {} as ModuleFlags;
  for (const flag of MODULE_FLAGS) flags[flag] = columns[flag] === 1;
  return flags;
}

/** Booleans → 0/1 module columns. */
export function moduleColumnsOf(flags: ModuleFlags): ModuleFlagColumns {
  const columns = {} as ModuleFlagColumns;
  for (const flag of MODULE_FLAGS) columns[flag] = flags[flag] ? 1 : 0;
  return columns;
}
