import {
  adminSettingMessages,
  can,
  holdsGrant,
  FORGOT_PASSWORD_MAX_PER_WINDOW,
  forgotPasswordMessages,
  passwordMessages,
  THROTTLE_WINDOW_MINUTES,
  type LinkPurpose,
  type LoginResponse,
  type tokenValidateBody,
  type tokenValidateResponse,
} from '@lexdesk/contract';
import type { z } from 'zod';
import { effectiveModules, type Actor } from '../../platform/access/actor.ts';
import { auditService } from '../../platform/audit/audit.service.ts';
import { linkTokensService, type LinkRow } from '../../platform/auth/link-tokens.service.ts';
import { hashNewPassword } from '../../platform/auth/new-passwords.ts';
import { sessionsService, type SessionOwner } from '../../platform/auth/sessions.service.ts';
import { inTransaction, type AppContext } from '../../platform/context.ts';
import { conflict, forbidden, linkExpired, notFound, throttled } from '../../platform/errors/http-error.ts';
import { enqueueJob, wakeJobRunners } from '../../platform/jobs/jobs.service.ts';
import { mailService } from '../../platform/mail/mail.service.ts';
import { accountLockService } from '../mfa/index.ts';
import { throttleService } from '../../platform/throttle/throttle.service.ts';
import { organisationsService, planStatusOf, type OrganisationSummary } from '../organisations/index.ts';
import { usersService, type Account } from '../users/index.ts';
import {
  createAdminLink,
  createAdminMail,
  resetPasswordLink,
  resetPasswordMail,
  setPasswordLink,
  setPasswordMail,
} from './account-mails.ts';

type TokenValidateBody = z.infer<typeof tokenValidateBody>;

/** Forgot password's job: looks the email up and sends the reset link, away from the request. */
export const RESET_LINK_JOB = 'accounts.reset-link';
export interface ResetLinkPayload {
  email: string;
}
type TokenValidateResponse = z.infer<typeof tokenValidateResponse>;

const PASSWORD_LINKS = ['set_password', 'reset_password'] as const;
const SET_PASSWORD_DONE = { detail: passwordMessages.setSuccess };

function ownerOf(account: Account): SessionOwner {
  return { userId: account.id, organisationId: account.organisationId };
}

/** The 20 fields of the login response (spec 01 §3) for `account` signed in with `token`. */
export function loginResponseOf(
  token: string,
  account: Account,
  organisation: OrganisationSummary,
  now: Date,
  mfaEnabled = false,
): LoginResponse {
  const modules = effectiveModules(account.moduleColumns, organisation.moduleColumns);
  return {
    access: token,
    type: account.role,
    user_id: account.id,
    username: account.email,
    is_super: account.role === 'super',
    user_organisation: organisation.name,
    knowledge_access: modules.knowledge_permission,
    ...modules,
    current_plan: organisation.plan,
    knowledge_data_permission: account.knowledgeDataPermission,
    billing_permission: holdsGrant(account, 'billing_permission'),
    has_expiry_popup: planStatusOf(organisation, now).hasExpiryPopup,
    is_mfa_enabled: mfaEnabled,
    is_duo_alive: false,
    prompt_uri: null,
  };
}

/** A new session for `account` and its login response (password sign-in, second step, token sign-in). */
export async function newSessionResponse(
  ctx: AppContext,
  account: Account,
  options: { remember: boolean; mfaEnabled: boolean },
): Promise<LoginResponse> {
  const organisation = await organisationsService(ctx).summaryOf(account.organisationId);
  if (!organisation) throw notFound();
  const owner = { userId: account.id, organisationId: account.organisationId };
  const { token } = await sessionsService(ctx).create(owner, options.remember);
  return loginResponseOf(token, account, organisation, ctx.now(), options.mfaEnabled);
}

/** Sign-in, sign-out, token hand-over, and the emailed links (forgot, set and reset password, create admin). */
export function accountsService(ctx: AppContext) {
  const users = usersService(ctx);
  const throttle = throttleService(ctx);

  async function organisationOf(account: Account): Promise<OrganisationSummary> {
    const organisation = await organisationsService(ctx).summaryOf(account.organisationId);
    if (!organisation) throw notFound();
    return organisation;
  }

  /** The usable link behind `token` (one of `purposes`) and its account, or 'Link expired'. */
  async function usableLink(
    token: string,
    purposes: readonly LinkPurpose[],
  ): Promise<{ link: LinkRow; account: Account }> {
    const link = await linkTokensService(ctx).find(token, purposes);
    const account = link ? await users.accountOf(link) : null;
    if (!link || !account) throw linkExpired();
    return { link, account };
  }

  return {
    /** The actor's session token no longer works. */
    async logout(actor: Actor): Promise<void> {
      await sessionsService(ctx).revoke(actor.organisationId, actor.sessionId);
    },

    /**
     * Emails a reset link when the email belongs to an active user; answers the same either way, so the
     * form tells nobody who has an account. 5 requests per address, and 5 per account from one address,
     * in 15 minutes.
     */
    async forgotPassword(ip: string, email: string): Promise<{ detail: string; email: string }> {
      const ipAllowed = await throttle.hit(`forgot:ip:${ip}`, FORGOT_PASSWORD_MAX_PER_WINDOW, THROTTLE_WINDOW_MINUTES);
      // Per account AND address: requests from elsewhere cannot use up the owner's own quota.
      const accountAllowed = await throttle.hit(
        `forgot:account:${email.trim().toLowerCase()}|ip:${ip}`,
        FORGOT_PASSWORD_MAX_PER_WINDOW,
        THROTTLE_WINDOW_MINUTES,
      );
      if (!ipAllowed || !accountAllowed) throw throttled(forgotPasswordMessages.tooMany);
      // The same work whether the email is known or not: the look-up happens in the job (sendResetLink).
      await enqueueJob(ctx, RESET_LINK_JOB, { email } satisfies ResetLinkPayload, { maxAttempts: 3 });
      wakeJobRunners();
      return { detail: forgotPasswordMessages.success, email };
    },

    /** The job behind forgot password: a reset link to `email` when it belongs to an active user, else nothing. */
    async sendResetLink(email: string): Promise<void> {
      const account = await users.findByEmail(email);
      if (!account?.isActive) return;
      await inTransaction(ctx, async (tx) => {
        const link = resetPasswordLink(
          ctx.config.publicUrl,
          account.email,
          await linkTokensService(tx).issue('reset_password', ownerOf(account)),
        );
        await auditService(tx).record(
          { userId: null, organisationId: account.organisationId },
          'user',
          account.id,
          'link_sent',
          { purpose: 'reset_password' },
        );
        await mailService(tx).enqueue(
          resetPasswordMail(account.organisationId, account.email, link, account.firstName),
        );
      });
      mailService(ctx).sendQueued();
    },

    /** Who a usable link belongs to (user:true set/reset; user:false create admin for that email); else 'Link expired'. */
    async validateLink(body: TokenValidateBody): Promise<TokenValidateResponse> {
      const { link, account } = await usableLink(body.token, body.user ? PASSWORD_LINKS : ['create_admin']);
      if (!body.user && account.email !== body.username.trim().toLowerCase()) throw linkExpired();
      const organisation = await organisationOf(account);
      return { valid: true, username: account.email, purpose: link.purpose, organisation: organisation.name };
    },

    /**
     * Through a usable set/reset link: the password is set, the link and every other open password link
     * of the user are used up, every session of the user is revoked and a sign-in lock lifted — all or nothing.
     */
    async setPasswordWithLink(body: { token: string; password: string }): Promise<{ detail: string }> {
      const { link, account } = await usableLink(body.token, PASSWORD_LINKS);
      const passwordHash = await hashNewPassword(body.password, 'password');
      await inTransaction(ctx, async (tx) => {
        await linkTokensService(tx).consume(link);
        await usersService(tx).setPasswordHash(ownerOf(account), passwordHash);
        await linkTokensService(tx).closeAll(ownerOf(account), PASSWORD_LINKS);
        await sessionsService(tx).revokeAllOf(ownerOf(account));
        // Proving the email address unlocks an account locked by failed sign-ins.
        await accountLockService(tx).unlock(ownerOf(account), account.email);
        await auditService(tx).record(
          { userId: account.id, organisationId: account.organisationId },
          'user',
          account.id,
          'password_set',
          {
            purpose: link.purpose,
          },
        );
      });
      return SET_PASSWORD_DONE;
    },

    /** Completes an admin invitation: names, phone and password set, account active, link used up. */
    async completeAdminInvitation(body: {
      username: string;
      token: string;
      first_name: string;
      last_name: string;
      password: string;
      phone?: string | undefined;
    }): Promise<{ detail: string }> {
      const { link, account } = await usableLink(body.token, ['create_admin']);
      if (account.email !== body.username.trim().toLowerCase()) throw linkExpired();
      const passwordHash = await hashNewPassword(body.password, 'password');
      await inTransaction(ctx, async (tx) => {
        await linkTokensService(tx).consume(link);
        await usersService(tx).completeInvitation(ownerOf(account), {
          firstName: body.first_name.trim(),
          lastName: body.last_name.trim(),
          phone: (body.phone ?? '').trim(),
          passwordHash,
        });
        await auditService(tx).record(
          { userId: account.id, organisationId: account.organisationId },
          'user',
          account.id,
          'invitation_completed',
        );
      });
      return SET_PASSWORD_DONE;
    },

    /**
     * Emails a set-password link to a user of the actor's own organisation; super only. Another
     * organisation's user answers 404 like an unknown email: the provider's staff never issue a link that
     * could open a firm's account.
     */
    async sendSetPasswordLink(actor: Actor, email: string): Promise<void> {
      if (!can(actor, 'admin.links.send')) throw forbidden();
      const account = await users.findByEmail(email);
      if (!account || account.organisationId !== actor.organisationId)
        throw notFound(adminSettingMessages.userNotFound);
      await this.sendSetPasswordLinkTo(actor, account);
    },

    /**
     * Emails `account` a set-password link, audited as sent by `actor`. For services that have checked the
     * actor administers the account (Admin Setting for super; the Users screen's invitation for admins).
     */
    async sendSetPasswordLinkTo(actor: Actor, account: Account): Promise<void> {
      const organisation = await organisationOf(account);
      await inTransaction(ctx, async (tx) => {
        const token = await linkTokensService(tx).issue('set_password', ownerOf(account));
        const link = setPasswordLink(ctx.config.publicUrl, account.email, token);
        await auditService(tx).record(
          { userId: actor.userId, organisationId: account.organisationId },
          'user',
          account.id,
          'link_sent',
          {
            purpose: 'set_password',
          },
        );
        await mailService(tx).enqueue(
          setPasswordMail(account.organisationId, account.email, organisation.name, link, account.firstName),
        );
      });
      mailService(ctx).sendQueued();
    },

    /**
     * Creates an inactive admin without password in the organisation and emails them a create-admin link;
     * super only; 409 when the email is taken, 404 when the organisation does not exist.
     */
    async inviteAdmin(actor: Actor, email: string, organisationId: number): Promise<void> {
      if (!can(actor, 'admin.links.send')) throw forbidden();
      if (await users.findByEmail(email))
        throw conflict(adminSettingMessages.emailTaken, { email: adminSettingMessages.emailTaken });
      const organisation = await organisationsService(ctx).summaryOf(organisationId);
      if (!organisation) throw notFound();
      await inTransaction(ctx, async (tx) => {
        const userId = await usersService(tx).createUser(actor, {
          organisationId,
          email,
          role: 'admin',
          isActive: false,
        });
        const token = await linkTokensService(tx).issue('create_admin', { userId, organisationId });
        const link = createAdminLink(ctx.config.publicUrl, email, token);
        await auditService(tx).record({ userId: actor.userId, organisationId }, 'user', userId, 'link_sent', {
          purpose: 'create_admin',
        });
        await mailService(tx).enqueue(createAdminMail(organisationId, email, organisation.name, link));
      });
      mailService(ctx).sendQueued();
    },
  };
}
