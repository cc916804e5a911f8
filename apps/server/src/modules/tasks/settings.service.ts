import {
  TASK_SETTINGS_DEFAULTS,
  taskMessages as M,
  type TaskSettings,
  type TaskSettingsSaved,
} from '@lexdesk/contract';
import type { Actor } from '../../platform/access/actor.ts';
import { auditService } from '../../platform/audit/audit.service.ts';
import { inTransaction, nowIso, type AppContext } from '../../platform/context.ts';
import { findSettings, saveSettings } from './tasks.repo.ts';

/** The organisation's task settings, the defaults until staff save them. */
export async function settingsOf(ctx: AppContext, organisationId: number): Promise<TaskSettings> {
  const row = await findSettings(ctx.db, organisationId);
  return row
    ? { idle_minutes: row.idle_minutes, billing_increment_minutes: row.billing_increment_minutes }
    : { ...TASK_SETTINGS_DEFAULTS };
}

/** GET/PUT task-settings/ (staff): the idle limit of timers and the billing increment (applied by invoices). */
export function taskSettingsService(ctx: AppContext) {
  return {
    get: (actor: Actor) => settingsOf(ctx, actor.organisationId),
    async save(actor: Actor, body: TaskSettings): Promise<TaskSettingsSaved> {
      await inTransaction(ctx, async (tx) => {
        await saveSettings(tx.db, actor.organisationId, { ...body, updated_at: nowIso(tx) });
        await auditService(tx).record(actor, 'task_settings', null, 'updated', { ...body });
      });
      return { detail: M.settingsSaved, settings: await settingsOf(ctx, actor.organisationId) };
    },
  };
}
