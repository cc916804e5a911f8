import {
  adminSettingMessages,
  can,
  type OutboxList,
  type PagedSearchQuery,
  type sendLinkBody,
} from '@lexdesk/contract';
import type { z } from 'zod';
import { ALL_ORGANISATIONS, readScope, type Actor } from '../../platform/access/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, forbidden } from '../../platform/errors/http-error.ts';
import { pageInfoOf } from '../../platform/http/route-schemas.ts';
import { installationOutbox, mailService, organisationOutbox } from '../../platform/mail/mail.service.ts';
import { accountsService } from '../accounts/index.ts';
import { organisationsService } from '../organisations/index.ts';

type SendLink = z.output<typeof sendLinkBody>;

/** Admin Setting (super only): the outbox, sending links, the organisation picker. */
export function adminService(ctx: AppContext) {
  return {
    /**
     * One page of the outbox, newest first: for the super user, the provider's own organisation's mail and every
     * organisation's account mail (links, invitations, codes), never a firm's business mail.
     */
    async outbox(actor: Actor, page: PagedSearchQuery): Promise<OutboxList> {
      if (!can(actor, 'admin.outbox.read')) throw forbidden();
      const view =
        readScope(actor) === ALL_ORGANISATIONS
          ? installationOutbox(actor.organisationId)
          : organisationOutbox(actor.organisationId);
      const { data, total } = await mailService(ctx).list(view, page);
      return { data, page: pageInfoOf(page, total) };
    },

    /** The link is created and in the outbox (set password for an existing user, or an admin invitation). */
    async sendLink(actor: Actor, body: SendLink): Promise<{ detail: string }> {
      const accounts = accountsService(ctx);
      if (body.kind === 'set_password') {
        await accounts.sendSetPasswordLink(actor, body.email);
      } else {
        if (!body.organisation_id) throw badRequest(adminSettingMessages.organisationRequired);
        await accounts.inviteAdmin(actor, body.email, body.organisation_id);
      }
      return { detail: adminSettingMessages.linkSent };
    },

    /** Every organisation's id and name, for the pickers of Admin Setting. */
    async organisations(actor: Actor): Promise<{ data: { id: number; name: string }[] }> {
      return { data: await organisationsService(ctx).options(actor) };
    },
  };
}
