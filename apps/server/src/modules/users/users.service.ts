import {
  can,
  adminSettingMessages,
  KNOWLEDGE_ROLES,
  ROLES,
  type KnowledgeRole,
  type ModuleFlag,
  type ModuleFlags,
  type Role,
  type UserGrant,
} from '@lexdesk/contract';
import type { ModuleFlagColumns } from '../../db/database.types.ts';
import { moduleColumnsOf, readScope, type Actor } from '../../platform/access/actor.ts';
import { auditService } from '../../platform/audit/audit.service.ts';
import { hashNewPassword } from '../../platform/auth/new-passwords.ts';
import type { SessionOwner } from '../../platform/auth/sessions.service.ts';
import { inTransaction, nowIso, type AppContext } from '../../platform/context.ts';
import { conflict, forbidden, notFound } from '../../platform/errors/http-error.ts';
import { organisationsService } from '../organisations/index.ts';
import { findActiveIdsIn, findActiveWithModule, findDisplayNames, findNamesIn } from './user-admin.repo.ts';
import {
  activeUsersIn,
  findUser,
  findUserBriefs,
  findUserByEmail,
  findUsersIn,
  insertUser,
  updateUser,
  type UserRow,
} from './users.repo.ts';

/** A user as the other services see it. */
export interface Account {
  id: number;
  organisationId: number;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  role: Role;
  passwordHash: string | null;
  isActive: boolean;
  isDarkTheme: boolean;
  themeChosen: boolean;
  profileImage: string | null;
  /** The user's own module flags (before the organisation's ceiling is applied). */
  moduleColumns: ModuleFlagColumns;
  knowledgeDataPermission: boolean;
  /** The admin's grants to a plain user (contract USER_GRANTS); other roles hold them by role. */
  grants: Record<UserGrant, boolean>;
  /** The knowledge application's role (reader, contributor, manager), or null: no knowledge access. */
  knowledgeRole: KnowledgeRole | null;
  createdAt: string;
}

export function accountOf(row: UserRow): Account {
  return {
    id: row.id,
    organisationId: row.organisation_id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    phone: row.phone,
    role: (ROLES as readonly string[]).includes(row.role) ? (row.role as Role) : 'user',
    passwordHash: row.password_hash,
    isActive: row.is_active === 1,
    isDarkTheme: row.is_dark_theme === 1,
    themeChosen: row.theme_chosen === 1,
    profileImage: row.profile_image,
    moduleColumns: {
      knowledge_permission: row.knowledge_permission,
      case_permission: row.case_permission,
      precedent_permission: row.precedent_permission,
      doc_analyzer_permission: row.doc_analyzer_permission,
      my_playbooks_permission: row.my_playbooks_permission,
      task_management_permission: row.task_management_permission,
      invoice_permission: row.invoice_permission,
    },
    knowledgeDataPermission: row.knowledge_data_permission === 1,
    grants: { billing_permission: row.billing_permission === 1 },
    knowledgeRole: (KNOWLEDGE_ROLES as readonly (string | null)[]).includes(row.knowledge_role)
      ? (row.knowledge_role as KnowledgeRole)
      : null,
    createdAt: row.created_at,
  };
}

export function displayName(account: { firstName: string; lastName: string }): string {
  return `${account.firstName} ${account.lastName}`.trim();
}

export interface NewUser {
  organisationId: number;
  email: string;
  role: Role;
  firstName?: string;
  lastName?: string;
  phone?: string;
  password?: string | null;
  isActive?: boolean;
  /** Defaults to the organisation's flags. */
  modules?: ModuleFlags;
  knowledgeDataPermission?: boolean;
  /** The Billing grant (meaningful for a plain user). */
  billingPermission?: boolean;
}

/** Users: who they are and what they may see. Profile actions are in user-profile.service.ts. */
export function usersService(ctx: AppContext) {
  const service = {
    /** The account with this email (any organisation), or null. For sign-in and links only. */
    async findByEmail(email: string): Promise<Account | null> {
      const row = await findUserByEmail(ctx.db, email);
      return row ? accountOf(row) : null;
    },

    /** Active users of these organisations, by name: `{ id, organisationId, name }` (assignment pickers). */
    async activeUsersIn(organisationIds: readonly number[]) {
      const rows = await activeUsersIn(ctx.db, organisationIds);
      return rows.map((row) => ({ id: row.id, organisationId: row.organisation_id, name: row.name || row.email }));
    },

    /** The account of `owner`, or null. For other services, which have checked access already. */
    async accountOf(owner: SessionOwner): Promise<Account | null> {
      const row = await findUser(ctx.db, owner.organisationId, owner.userId);
      return row ? accountOf(row) : null;
    },

    /**
     * The user if the actor may see them: self, an admin within their organisation (never a super user: the
     * provider's staff are invisible to firms), super anyone; else 404, as for a missing id.
     */
    async findVisible(actor: Actor, userId: number): Promise<Account> {
      const mayLook = actor.userId === userId || can(actor, 'organisations.users.manage');
      const row = mayLook ? await findUser(ctx.db, readScope(actor), userId) : undefined;
      if (!row || (row.role === 'super' && !can(actor, 'organisations.super_users.manage'))) throw notFound();
      return accountOf(row);
    },

    /** Every user of the organisation, by name (the knowledge application's access screens). */
    async allIn(organisationId: number): Promise<Account[]> {
      return (await findUsersIn(ctx.db, organisationId)).map(accountOf);
    },

    /** Sets a user's knowledge role and restricted-data flag (the knowledge demo seed). */
    async setKnowledge(owner: SessionOwner, role: KnowledgeRole | null, dataPermission: boolean): Promise<void> {
      await updateUser(ctx.db, owner.organisationId, owner.userId, {
        knowledge_role: role,
        knowledge_data_permission: dataPermission ? 1 : 0,
      });
    },

    /** Names and pictures of users of one organisation, by id (notification creators). */
    async briefs(
      organisationId: number,
      ids: readonly number[],
    ): Promise<Map<number, { name: string; image: string | null }>> {
      const rows = await findUserBriefs(ctx.db, organisationId, ids);
      return new Map(
        rows.map((r) => [
          r.id,
          { name: displayName({ firstName: r.first_name, lastName: r.last_name }), image: r.profile_image },
        ]),
      );
    },

    /** Stores a new password hash for the user. For accounts and profile services. */
    /** Display names by user id, of any organisation (history screens name who acted). */
    displayNames: (ids: readonly number[]): Promise<Map<number, string>> => findDisplayNames(ctx.db, ids),

    /** Names of the organisation's users by id (null ids and other organisations' users are left out). */
    namesIn: (organisationId: number, ids: readonly (number | null)[]): Promise<Map<number, string>> =>
      findNamesIn(ctx.db, organisationId, ids),

    /** Active users of the organisation (no super user) holding `module`, by name: a module's people picker. */
    activeWithModule: (organisationId: number, module: ModuleFlag) =>
      findActiveWithModule(ctx.db, organisationId, module),

    /** The ids among `ids` that are active users of the organisation. */
    activeIdsIn: (organisationId: number, ids: readonly number[]) => findActiveIdsIn(ctx.db, organisationId, ids),

    async setPasswordHash(owner: SessionOwner, passwordHash: string): Promise<void> {
      if (
        !(await updateUser(ctx.db, owner.organisationId, owner.userId, {
          password_hash: passwordHash,
          updated_at: nowIso(ctx),
        }))
      ) {
        throw notFound();
      }
    },

    /** Stores the user's phone number (a number verified by SMS, from the MFA service). */
    async setPhone(owner: SessionOwner, phone: string): Promise<void> {
      if (!(await updateUser(ctx.db, owner.organisationId, owner.userId, { phone, updated_at: nowIso(ctx) }))) {
        throw notFound();
      }
    },

    /** An invited admin's name, phone and password are set and the account is active. */
    async completeInvitation(
      owner: SessionOwner,
      input: { firstName: string; lastName: string; phone: string; passwordHash: string },
    ): Promise<void> {
      const done = await updateUser(ctx.db, owner.organisationId, owner.userId, {
        first_name: input.firstName,
        last_name: input.lastName,
        phone: input.phone,
        password_hash: input.passwordHash,
        is_active: 1,
        updated_at: nowIso(ctx),
      });
      if (!done) throw notFound();
    },

    /**
     * A new user, audited. Super may create in any organisation, an admin only in their own and not a
     * super user; the email must be free (409); the organisation must exist (404).
     */
    async createUser(actor: Actor, input: NewUser): Promise<number> {
      if (!can(actor, 'organisations.users.manage')) throw forbidden();
      const elsewhere = input.organisationId !== actor.organisationId;
      if (elsewhere && !can(actor, 'organisations.any_organisation.access')) throw forbidden();
      if (input.role === 'super' && !can(actor, 'organisations.super_users.manage')) throw forbidden();
      const passwordHash = input.password ? await hashNewPassword(input.password, 'password') : null;
      return inTransaction(ctx, async (tx) => {
        const id = await usersService(tx).insert(input, passwordHash);
        await auditService(tx).record(
          { userId: actor.userId, organisationId: input.organisationId },
          'user',
          id,
          'created',
          {
            email: input.email.toLowerCase(),
            role: input.role,
            is_active: input.isActive ?? true,
          },
        );
        return id;
      });
    },

    /**
     * Activates or deactivates a user the actor administers (admin: own organisation; super: any); audited.
     * A deactivated user's sessions stop working at once: the access check requires an active user.
     */
    async setActive(actor: Actor, userId: number, isActive: boolean): Promise<void> {
      if (!can(actor, 'organisations.users.manage')) throw forbidden();
      const target = await service.findVisible(actor, userId);
      await inTransaction(ctx, async (tx) => {
        await updateUser(tx.db, target.organisationId, userId, { is_active: isActive ? 1 : 0, updated_at: nowIso(tx) });
        await auditService(tx).record(
          { userId: actor.userId, organisationId: target.organisationId },
          'user',
          userId,
          isActive ? 'activated' : 'deactivated',
        );
      });
    },

    /** Inserts the user (email lower-cased and free, organisation existing). System operation: no access check. */
    async insert(input: NewUser, passwordHash: string | null): Promise<number> {
      const email = input.email.trim().toLowerCase();
      if (await findUserByEmail(ctx.db, email))
        throw conflict(adminSettingMessages.emailTaken, { email: adminSettingMessages.emailTaken });
      const organisation = await organisationsService(ctx).summaryOf(input.organisationId);
      if (!organisation) throw notFound();
      const now = nowIso(ctx);
      return insertUser(ctx.db, {
        organisation_id: input.organisationId,
        email,
        first_name: input.firstName ?? '',
        last_name: input.lastName ?? '',
        phone: input.phone ?? '',
        role: input.role,
        password_hash: passwordHash,
        is_active: input.isActive === false ? 0 : 1,
        is_dark_theme: 0,
        profile_image: null,
        ...(input.modules ? moduleColumnsOf(input.modules) : organisation.moduleColumns),
        knowledge_role: null,
        knowledge_data_permission: input.knowledgeDataPermission ? 1 : 0,
        billing_permission: input.billingPermission ? 1 : 0,
        created_at: now,
        updated_at: now,
      });
    },
  };
  return service;
}

export type UsersService = ReturnType<typeof usersService>;
