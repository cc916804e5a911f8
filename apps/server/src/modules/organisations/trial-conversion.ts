import { TRIAL_CONVERSION_MONTHS } from '@lexdesk/contract';
import { auditService } from '../../platform/audit/audit.service.ts';
import { addMonths, inTransaction, nowIso, type AppContext } from '../../platform/context.ts';
import { recordPlanHistory } from '../plans/index.ts';
import {
  convertExpiredTrial as convertRow,
  findOrganisationAdmin,
  findPlan,
  type OrganisationAdminRow,
} from './organisations-admin.repo.ts';

/** True when the organisation is on a Trial whose end has passed: it is converted before anything reads its plan. */
export function trialHasEnded(plan: string, expiresAt: string | null, now: Date): boolean {
  return plan === 'Trial' && expiresAt !== null && Date.parse(expiresAt) <= now.getTime();
}

/**
 * The organisation's row with its plan in force: an ended Trial is converted first. One read unless
 * there is a Trial to convert.
 */
export async function settledOrganisation(
  ctx: AppContext,
  organisationId: number,
): Promise<OrganisationAdminRow | undefined> {
  const row = await findOrganisationAdmin(ctx.db, organisationId);
  if (!row || !trialHasEnded(row.plan_name, row.plan_expires_at, ctx.now())) return row;
  await convertExpiredTrial(ctx, organisationId);
  return findOrganisationAdmin(ctx.db, organisationId);
}

/**
 * An ended Trial becomes Associate for 6 months from now (spec 01 §1), recorded in the plan history and the
 * audit trail. Safe when two requests race: only the one whose update matched records anything.
 */
export async function convertExpiredTrial(ctx: AppContext, organisationId: number): Promise<boolean> {
  return inTransaction(ctx, async (tx) => {
    const trial = await findPlan(tx.db, 'Trial', 1);
    const associate = await findPlan(tx.db, 'Associate', TRIAL_CONVERSION_MONTHS);
    const before = await findOrganisationAdmin(tx.db, organisationId);
    if (!trial || !associate || !before) return false;
    const now = tx.now();
    const expiresAt = addMonths(now, TRIAL_CONVERSION_MONTHS).toISOString();
    const converted = await convertRow(tx.db, organisationId, trial.id, now.toISOString(), {
      plan_id: associate.id,
      plan_started_at: now.toISOString(),
      plan_expires_at: expiresAt,
      updated_at: nowIso(tx),
    });
    if (!converted) return false;
    await recordPlanHistory(tx, {
      organisationId,
      action: 'trial_converted',
      planName: 'Associate',
      duration: TRIAL_CONVERSION_MONTHS,
      userLimit: before.user_limit,
      startedAt: now.toISOString(),
      expiresAt,
      actorUserId: null,
    });
    await auditService(tx).record({ userId: null, organisationId }, 'organisation', organisationId, 'plan_changed', {
      plan: { from: 'Trial', to: `Associate (${TRIAL_CONVERSION_MONTHS} months)` },
      reason: 'Trial ended',
    });
    return true;
  });
}
