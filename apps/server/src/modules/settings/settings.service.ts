import { can, type InstallationSettings, type InstallationSettingsBody } from '@lexdesk/contract';
import type { Actor } from '../../platform/access/actor.ts';
import { auditService } from '../../platform/audit/audit.service.ts';
import { inTransaction, nowIso, type AppContext } from '../../platform/context.ts';
import { forbidden } from '../../platform/errors/http-error.ts';
import { readSettings, writeSetting } from './settings.repo.ts';

/** Where Bespoke and a closed registration point until a super user sets the installation's own page. */
export const DEFAULT_BESPOKE_CONTACT = 'https://www.lexdesk.example/contact';

/**
 * How long a read of the settings serves the public `GET app-config/` (every page load asks). A change made
 * here clears it at once; one made by another server process on the same database shows within this time.
 * Sessions and permissions are never cached: these settings are public and carry no access.
 */
const SETTINGS_MAX_AGE_MS = 1000;
const recentSettings = new WeakMap<AppContext, { value: InstallationSettings; readAt: number }>();

/** The installation's settings: the stored values over the defaults (HELP_URL for help). */
async function storedSettings(ctx: AppContext): Promise<InstallationSettings> {
  const stored = await readSettings(ctx.db);
  return {
    registration_open: stored.get('registration_open') === 'true',
    bespoke_contact: stored.get('bespoke_contact') ?? DEFAULT_BESPOKE_CONTACT,
    help_url: stored.get('help_url') ?? ctx.config.helpUrl,
  };
}

async function currentSettings(ctx: AppContext): Promise<InstallationSettings> {
  const recent = recentSettings.get(ctx);
  if (recent && Date.now() - recent.readAt < SETTINGS_MAX_AGE_MS) return recent.value;
  const value = await storedSettings(ctx);
  recentSettings.set(ctx, { value, readAt: Date.now() });
  return value;
}

/** The Bespoke plan's contact address (a web page or mailto:), for every area that offers Bespoke. */
export async function bespokeContactAddress(ctx: AppContext): Promise<string> {
  return (await currentSettings(ctx)).bespoke_contact;
}

/** Installation settings (Admin Setting): registration open or closed, Bespoke contact, help site. */
export function settingsService(ctx: AppContext) {
  return {
    /** The settings anyone may know (the web reads them before sign-in). */
    current: () => currentSettings(ctx),

    /** Super only: the settings read for Admin Setting. */
    async read(actor: Actor): Promise<InstallationSettings> {
      if (!can(actor, 'admin.settings.read')) throw forbidden();
      return storedSettings(ctx);
    },

    /** Super only: the given settings are stored and the change is audited (in the actor's organisation). */
    async update(actor: Actor, patch: InstallationSettingsBody): Promise<InstallationSettings> {
      if (!can(actor, 'admin.settings.update')) throw forbidden();
      const before = await storedSettings(ctx);
      const changes: Record<string, { from: unknown; to: unknown }> = {};
      await inTransaction(ctx, async (tx) => {
        for (const key of ['registration_open', 'bespoke_contact', 'help_url'] as const) {
          const value = patch[key];
          if (value === undefined || value === before[key]) continue;
          changes[key] = { from: before[key], to: value };
          await writeSetting(tx.db, key, String(value), nowIso(tx), actor.userId);
        }
        if (Object.keys(changes).length > 0) {
          await auditService(tx).record(
            { userId: actor.userId, organisationId: actor.organisationId },
            'settings',
            null,
            'updated',
            changes,
          );
        }
      });
      recentSettings.delete(ctx);
      return currentSettings(ctx);
    },
  };
}
