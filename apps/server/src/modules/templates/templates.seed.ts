/**
 * The demo precedent of Demo Law LLP: a services agreement built at seed time with the tags of the demo
 * questionnaires (docs/precedents.md), assigned to everyone in the organisation.
 */
import { MODULE_FLAGS, type ModuleFlags } from '@lexdesk/contract';
import type { Actor } from '../../platform/access/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { organisationsService } from '../organisations/index.ts';
import { usersService } from '../users/index.ts';
import { buildPrecedent } from './template-fixtures.ts';
import { listTemplates } from './templates.repo.ts';
import { templatesService } from './templates.service.ts';
import { NEVER_ABORTED } from '../../platform/queues/fair-queue.ts';

export const DEMO_TEMPLATE_NAME = 'Services Agreement (demo)';

export function demoPrecedent(): Promise<Buffer> {
  return buildPrecedent({
    title: 'Services Agreement',
    header: 'Demo Law LLP · Matter {{ matter_reference }}',
    footer: 'Confidential · prepared for {{ client_name }}',
    lines: [
      'This Services Agreement is made on {{ effective_date }} between Demo Law LLP and {{ client_name }} of {{ client_address }}.',
      {
        runs: [{ text: 'Payment. ', bold: true }, { text: 'The Client shall pay each invoice {{ payment_terms }}.' }],
        numbered: true,
      },
      '{{ late_payment_clause }}',
      { runs: [{ text: 'Confidentiality.', bold: true }], numbered: true },
      '{{ confidentiality_clause }}',
      { runs: [{ text: 'Guarantee.', bold: true }], numbered: true },
      '{{ guarantor_clause }}',
      'Guarantor: {{ guarantor_name }}',
      '{{ guarantee_limited }}',
      'Cap: {{ guarantee_cap }} {{ guarantee_cap_amount }}',
      {
        runs: [{ text: 'Governing law. ', bold: true }, { text: 'This agreement is governed by {{ governing_law }}.' }],
        numbered: true,
      },
      'Disputes are resolved by {{ dispute_resolution }}.',
    ],
    table: [
      ['Client', '{{ client_name }}'],
      ['Matter reference', '{{ matter_reference }}'],
      ['Term (years)', '{{ term_years }}'],
    ],
  });
}

/** Seeds the demo precedent once (idempotent by name), acting as the organisation's super user. */
export async function seedDemoTemplate(ctx: AppContext, organisationId: number, userId: number): Promise<boolean> {
  const existing = await listTemplates(
    ctx.db,
    { organisationId, userId: null },
    { page_no: 1, limits: 200, search_key: DEMO_TEMPLATE_NAME },
  );
  if (existing.rows.some((row) => row.name === DEMO_TEMPLATE_NAME)) return false;
  const modules = Object.fromEntries(MODULE_FLAGS.map((flag) => [flag, true])) as ModuleFlags;
  const actor: Actor = { userId, organisationId, role: 'super', plan: 'Associate', modules, sessionId: 0 };
  const templates = templatesService(ctx);
  const { template } = await templates.create(
    actor,
    { name: DEMO_TEMPLATE_NAME, description: 'A services agreement filled from the demo questionnaires.' },
    { fileName: 'services-agreement.docx', data: await demoPrecedent() },
    NEVER_ABORTED,
  );
  await templates.assign(actor, template.id, { everyone: true, user_ids: [] });
  return true;
}

/** First start: the demo precedent of `organisationName`, written as its super user `superEmail`. */
export async function seedDemoTemplateData(
  ctx: AppContext,
  organisationName: string,
  superEmail: string,
): Promise<void> {
  const organisationId = await organisationsService(ctx).idByName(organisationName);
  const superUser = await usersService(ctx).findByEmail(superEmail);
  if (organisationId === null || !superUser) return;
  await seedDemoTemplate(ctx, organisationId, superUser.id);
}
