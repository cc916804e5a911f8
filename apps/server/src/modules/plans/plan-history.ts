import { nowIso, type AppContext } from '../../platform/context.ts';
import { insertPlanHistory } from './plans.repo.ts';

export interface PlanHistoryInput {
  organisationId: number;
  action: 'created' | 'changed' | 'renewed' | 'trial_converted' | 'user_limit_changed' | 'edited';
  planName: string;
  duration: number | null;
  userLimit: number;
  startedAt: string | null;
  expiresAt: string | null;
  actorUserId: number | null;
}

/** Adds a row to the organisation's plan history (inside the caller's transaction, if any). */
export async function recordPlanHistory(ctx: AppContext, input: PlanHistoryInput): Promise<void> {
  await insertPlanHistory(ctx.db, {
    organisation_id: input.organisationId,
    action: input.action,
    plan_name: input.planName,
    duration: input.duration,
    user_limit: input.userLimit,
    started_at: input.startedAt,
    expires_at: input.expiresAt,
    actor_user_id: input.actorUserId,
    created_at: nowIso(ctx),
  });
}
