import {
  detailResponse,
  idParam,
  playbookAdvanceSearchBody,
  playbookAdvanceSearchResult,
  playbookBody,
  playbookCategoryBody,
  playbookCategoryList,
  playbookCategorySaved,
  playbookDetail,
  playbookListOrDetail,
  playbookListQuery,
  playbookPreview,
  playbookPreviewQuery,
  playbookPublished,
  playbookSaved,
  playbookTermBody,
  playbookTermResult,
  playbookPositions,
  playbookPositionsQuery,
} from '@lexdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { route } from '../../platform/http/define-route.ts';
import { positionsForHeads } from './playbook-positions.ts';
import { playbookCategoriesService } from './playbook-categories.service.ts';
import { playbookTermSearch } from './playbook-term.service.ts';
import { playbookVersionsService } from './playbook-versions.service.ts';
import { playbooksService } from './playbooks.service.ts';

export const tags = ['playbooks'];
export const READ = 'playbooks.read';
export const WRITE = 'playbooks.write';
export const playbookParams = z.object({ playbook_id: idParam });
const categoryParams = z.object({ playbook_category_id: idParam });

/** Playbooks, their categories, versions and searches (spec 01 §7 "Playbooks"; docs/playbooks.md). */
export const playbooksRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const playbooks = playbooksService(ctx);
  const versions = playbookVersionsService(ctx);
  const categories = playbookCategoriesService(ctx);

  route(app, {
    method: 'GET',
    url: '/api/playbook/',
    access: READ,
    tags,
    summary: 'The playbooks the caller sees (own and shared), newest change first; with `id`, that one playbook',
    query: playbookListQuery,
    reply: playbookListOrDetail,
    notFound: true,
    handler: ({ actor, query }) =>
      query.id === undefined
        ? playbooks.page(actor, query, { search: query.search_key })
        : playbooks.detail(actor, query.id),
  });
  route(app, {
    method: 'GET',
    url: '/api/playbook/:playbook_id/',
    access: READ,
    tags,
    summary: 'A playbook: its draft, versions and whether the draft changed since the last one',
    params: playbookParams,
    reply: playbookDetail,
    handler: ({ actor, params }) => playbooks.detail(actor, params.playbook_id),
  });
  route(app, {
    method: 'POST',
    url: '/api/playbook/',
    access: WRITE,
    tags,
    summary: "A new playbook of the caller's organisation (its draft)",
    body: playbookBody,
    reply: playbookSaved,
    created: true,
    errors: [409],
    handler: ({ actor, body }) => playbooks.create(actor, body),
  });
  route(app, {
    method: 'PUT',
    url: '/api/playbook/:playbook_id/',
    access: WRITE,
    tags,
    summary: 'Replace the draft (a playbook shared with the organisation is read-only: 403)',
    params: playbookParams,
    body: playbookBody,
    reply: playbookSaved,
    errors: [409],
    handler: ({ actor, params, body }) => playbooks.update(actor, params.playbook_id, body),
  });
  route(app, {
    method: 'DELETE',
    url: '/api/playbook/:playbook_id/',
    access: WRITE,
    tags,
    summary: 'Delete a playbook with its versions, attachments, case pins and assignments',
    params: playbookParams,
    reply: detailResponse,
    handler: ({ actor, params }) => playbooks.remove(actor, params.playbook_id),
  });
  route(app, {
    method: 'GET',
    url: '/api/playbook/preview/:playbook_id/',
    access: READ,
    tags,
    summary: 'The draft, or a published `version`, as one read-only document',
    params: playbookParams,
    query: playbookPreviewQuery,
    reply: playbookPreview,
    handler: ({ actor, params, query }) => versions.preview(actor, params.playbook_id, query.version),
  });
  route(app, {
    method: 'POST',
    url: '/api/playbook/:playbook_id/publish/',
    access: WRITE,
    tags,
    summary: 'Freeze the draft as the next numbered version (409 when nothing changed since the last)',
    params: playbookParams,
    reply: playbookPublished,
    created: true,
    errors: [409],
    handler: ({ actor, params }) => versions.publish(actor, params.playbook_id),
  });
  route(app, {
    method: 'POST',
    url: '/api/playbook/:playbook_id/duplicate/',
    access: WRITE,
    tags,
    summary: "'Copy of …' in the caller's organisation: the draft, categories and attachments, no versions",
    params: playbookParams,
    reply: playbookSaved,
    created: true,
    handler: ({ actor, params }) => playbooks.duplicate(actor, params.playbook_id),
  });
  route(app, {
    method: 'GET',
    url: '/api/playbook/positions/',
    access: READ,
    tags,
    summary: "Entries linked to concept heads, from each visible playbook's latest version (Review's positions)",
    query: playbookPositionsQuery,
    reply: playbookPositions,
    handler: async ({ actor, query }) => ({ data: await positionsForHeads(ctx, actor, query.concept_ids) }),
  });
  route(app, {
    method: 'POST',
    url: '/api/playbook/advance-search/',
    access: READ,
    tags,
    summary: 'The list filtered by name, type, categories and the dates of the last change',
    body: playbookAdvanceSearchBody,
    reply: playbookAdvanceSearchResult,
    handler: ({ actor, body }) =>
      playbooks.page(actor, body, {
        name: body.name,
        type: body.playbook_type,
        categoryIds: body.category_ids,
        updatedFrom: body.updated_from,
        updatedTo: body.updated_to,
      }),
  });
  route(app, {
    method: 'POST',
    url: '/api/playbook-term/',
    access: READ,
    tags,
    summary: 'Hits of the words in context, in the entries and attachments of the playbooks of one type',
    body: playbookTermBody,
    reply: playbookTermResult,
    handler: ({ actor, body }) => playbookTermSearch(ctx, actor, body),
  });

  // Categories: the organisation's own list.
  route(app, {
    method: 'GET',
    url: '/api/playbook-category/',
    access: READ,
    tags,
    summary: "The organisation's playbook categories by name",
    reply: playbookCategoryList,
    handler: ({ actor }) => categories.list(actor),
  });
  route(app, {
    method: 'POST',
    url: '/api/playbook-category/',
    access: WRITE,
    tags,
    summary: 'A new playbook category (409 when the name exists)',
    body: playbookCategoryBody,
    reply: playbookCategorySaved,
    created: true,
    errors: [409],
    handler: ({ actor, body }) => categories.create(actor, body),
  });
  route(app, {
    method: 'PUT',
    url: '/api/playbook-category/:playbook_category_id/',
    access: WRITE,
    tags,
    summary: 'Rename a playbook category (409 when the name exists)',
    params: categoryParams,
    body: playbookCategoryBody,
    reply: playbookCategorySaved,
    errors: [409],
    handler: ({ actor, params, body }) => categories.rename(actor, params.playbook_category_id, body),
  });
};
