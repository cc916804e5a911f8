import {
  commonMessages,
  holdsGrant,
  passwordMessages,
  THROTTLE_WINDOW_MINUTES,
  type PasswordChangeBody,
  type PermissionMonitoringResponse,
  type ProfileUpdateBody,
  type UserDetailResponse,
  type UserProfileResponse,
} from '@lexdesk/contract';
import { effectiveModules, type Actor } from '../../platform/access/actor.ts';
import { auditService } from '../../platform/audit/audit.service.ts';
import { linkTokensService } from '../../platform/auth/link-tokens.service.ts';
import { hashNewPassword } from '../../platform/auth/new-passwords.ts';
import { verifyPassword } from '../../platform/auth/passwords.ts';
import { sessionsService } from '../../platform/auth/sessions.service.ts';
import { inTransaction, nowIso, type AppContext } from '../../platform/context.ts';
import { badRequest, notFound, throttled } from '../../platform/errors/http-error.ts';
import { throttleService } from '../../platform/throttle/throttle.service.ts';
import { notificationsService } from '../notifications/index.ts';
import { organisationsService, planStatusOf, type OrganisationSummary } from '../organisations/index.ts';
import { reencodeProfileImage } from './profile-image.codec.ts';
import { updateUser, toggleDarkTheme } from './users.repo.ts';
import { usersService, type Account } from './users.service.ts';

/** Wrong current passwords allowed per user and window before the form answers 429. */
const PASSWORD_CHANGE_MAX_FAILURES = 5;

/** A user's own profile, picture, password, theme and permissions, and what others may see of them. */
export function userProfileService(ctx: AppContext) {
  const users = usersService(ctx);

  async function organisationOf(account: Account): Promise<OrganisationSummary> {
    const organisation = await organisationsService(ctx).summaryOf(account.organisationId);
    if (!organisation) throw notFound();
    return organisation;
  }

  /** Own-only actions: another user's id answers 404, like a missing one. */
  async function self(actor: Actor, userId: number): Promise<Account> {
    const account = actor.userId === userId ? await users.accountOf(actor) : null;
    if (!account) throw notFound();
    return account;
  }

  function detailOf(account: Account, organisation: OrganisationSummary): UserDetailResponse {
    const status = planStatusOf(organisation, ctx.now());
    return {
      id: account.id,
      profile_image: account.profileImage,
      first_name: account.firstName,
      last_name: account.lastName,
      phone: account.phone,
      username: account.email,
      current_plan: organisation.plan,
      plan_validity: status.planValidity,
      has_expiry_popup: status.hasExpiryPopup,
    };
  }

  function profileOf(account: Account, organisation: OrganisationSummary): UserProfileResponse {
    return {
      ...detailOf(account, organisation),
      role: account.role,
      organisation: organisation.name,
      is_dark_theme: account.isDarkTheme,
      date_joined: account.createdAt,
    };
  }

  async function freshProfile(actor: Actor): Promise<UserProfileResponse> {
    const account = await self(actor, actor.userId);
    return profileOf(account, await organisationOf(account));
  }

  return {
    /** The user's detail when visible to the actor (self, admin of the organisation, super); else 404. */
    async detail(actor: Actor, userId: number): Promise<UserDetailResponse> {
      const account = await users.findVisible(actor, userId);
      return detailOf(account, await organisationOf(account));
    },

    /** The user's profile, with the same visibility as detail(). */
    async profile(actor: Actor, userId: number): Promise<UserProfileResponse> {
      const account = await users.findVisible(actor, userId);
      return profileOf(account, await organisationOf(account));
    },

    /** The actor's own name and phone are saved and audited; answers the fresh profile. */
    async updateProfile(actor: Actor, userId: number, body: ProfileUpdateBody): Promise<UserProfileResponse> {
      const before = await self(actor, userId);
      const after = { first_name: body.first_name, last_name: body.last_name, phone: body.phone };
      const previous: Record<string, string> = {
        first_name: before.firstName,
        last_name: before.lastName,
        phone: before.phone,
      };
      const changes = Object.fromEntries(
        Object.entries(after)
          .filter(([key, value]) => previous[key] !== value)
          .map(([key, value]) => [key, { from: previous[key], to: value }]),
      );
      await inTransaction(ctx, async (tx) => {
        await updateUser(tx.db, actor.organisationId, userId, { ...after, updated_at: nowIso(tx) });
        await auditService(tx).record(actor, 'user', userId, 'profile_updated', changes);
      });
      return freshProfile(actor);
    },

    /** The actor's picture (read only after the ownership check), checked by content and re-encoded, replaces the old one; audited. */
    async setProfileImage(actor: Actor, userId: number, readFile: () => Promise<Buffer>): Promise<UserProfileResponse> {
      await self(actor, userId);
      const dataUrl = await reencodeProfileImage(await readFile());
      await inTransaction(ctx, async (tx) => {
        await updateUser(tx.db, actor.organisationId, userId, { profile_image: dataUrl, updated_at: nowIso(tx) });
        await auditService(tx).record(actor, 'user', userId, 'profile_image_updated');
      });
      return freshProfile(actor);
    },

    /** The actor has no picture any more; audited. */
    async removeProfileImage(actor: Actor, userId: number): Promise<UserProfileResponse> {
      await self(actor, userId);
      await inTransaction(ctx, async (tx) => {
        await updateUser(tx.db, actor.organisationId, userId, { profile_image: null, updated_at: nowIso(tx) });
        await auditService(tx).record(actor, 'user', userId, 'profile_image_removed');
      });
      return freshProfile(actor);
    },

    /**
     * With the right current password, the new one is stored, every other session of the user and every
     * open password link is revoked, the user is notified and the change audited — all or nothing.
     * Wrong current passwords are throttled per user.
     */
    async changePassword(actor: Actor, userId: number, body: PasswordChangeBody): Promise<void> {
      const account = await self(actor, userId);
      const throttle = throttleService(ctx);
      const key = `password-change:user:${account.id}`;
      if (await throttle.isExhausted(key, PASSWORD_CHANGE_MAX_FAILURES, THROTTLE_WINDOW_MINUTES)) {
        throw throttled(commonMessages.tooManyRequests);
      }
      if (!(await verifyPassword(account.passwordHash, body.current_password))) {
        await throttle.hit(key, PASSWORD_CHANGE_MAX_FAILURES, THROTTLE_WINDOW_MINUTES);
        throw badRequest(passwordMessages.currentWrong, { current_password: passwordMessages.currentWrong });
      }
      const passwordHash = await hashNewPassword(body.new_password, 'new_password');
      await inTransaction(ctx, async (tx) => {
        await usersService(tx).setPasswordHash(actor, passwordHash);
        await sessionsService(tx).revokeAllOf(actor, actor.sessionId);
        await linkTokensService(tx).closeAll(actor, ['set_password', 'reset_password']);
        await notificationsService(tx).notifyPasswordChanged(actor);
        await auditService(tx).record(actor, 'user', userId, 'password_changed');
      });
      await throttle.reset(key);
    },

    /**
     * The actor's theme becomes `dark` when given (the screen may follow the operating system, so the web
     * says which theme the user asked for), else flips; either way it is now the user's choice.
     */
    async toggleTheme(actor: Actor, userId: number, dark?: boolean): Promise<{ is_dark_theme: boolean }> {
      if (actor.userId !== userId) throw notFound();
      const value = await toggleDarkTheme(ctx.db, actor.organisationId, userId, nowIso(ctx), dark);
      if (value === undefined) throw notFound();
      return { is_dark_theme: value === 1 };
    },

    /** The actor's current role, plan and effective module flags (polled every 10 s by the web). */
    async permissionMonitoring(actor: Actor, userId: number): Promise<PermissionMonitoringResponse> {
      const account = await self(actor, userId);
      const organisation = await organisationOf(account);
      const modules = effectiveModules(account.moduleColumns, organisation.moduleColumns);
      return {
        is_dark_theme: account.isDarkTheme,
        theme_chosen: account.themeChosen,
        knowledge_data_permission: account.knowledgeDataPermission,
        billing_permission: holdsGrant(account, 'billing_permission'),
        knowledge_token: null,
        knowledge_access: modules.knowledge_permission,
        ...modules,
        user_role: account.role,
        current_plan: organisation.plan,
      };
    },
  };
}
