import { assignableOrganisation, assignableOrganisations, can } from '@lexdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Actor } from '../../platform/access/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors/http-error.ts';
import { route } from '../../platform/http/define-route.ts';
import { organisationsService } from './organisations.service.ts';

const tags = ['organisations'];

/** The organisation pickers of the concept list page (spec 03 §6, §7: GET get-org/, assign-organisation/). */
export const organisationPickersRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const organisations = organisationsService(ctx);
  const own = async (actor: Actor) => {
    const summary = await organisations.summaryOf(actor.organisationId);
    if (!summary) throw notFound();
    return { value: summary.id, label: summary.name };
  };

  route(app, {
    method: 'GET',
    url: '/api/get-org/',
    access: 'authenticated',
    tags,
    summary: "The caller's own organisation",
    reply: assignableOrganisation,
    handler: ({ actor }) => own(actor),
  });
  route(app, {
    method: 'GET',
    url: '/api/assign-organisation/',
    access: 'analyser.concepts.write',
    tags,
    summary: 'Organisations the caller may assign a list to: every one for the super user, else their own',
    reply: assignableOrganisations,
    handler: async ({ actor }) => {
      if (!can(actor, 'organisations.any_organisation.access')) return { data: [await own(actor)] };
      const options = await organisations.options(actor);
      return { data: options.map((option) => ({ value: option.id, label: option.name })) };
    },
  });
};
