import type { Role } from '@lexdesk/contract';
import { randomBytes } from 'node:crypto';
import { hashPassword } from '../platform/auth/passwords.ts';
import { inTransaction, type AppContext } from '../platform/context.ts';
import { organisationsService } from '../modules/organisations/organisations.service.ts';
import { usersService } from '../modules/users/users.service.ts';

export const DEMO_ORGANISATION = 'Demo Law LLP';
export const OTHER_ORGANISATION = 'Other Firm';

export const DEMO_USERS: readonly {
  email: string;
  role: Role;
  firstName: string;
  lastName: string;
  organisation: string;
}[] = [
  { email: 'super@example.com', role: 'super', firstName: 'Sam', lastName: 'Super', organisation: DEMO_ORGANISATION },
  { email: 'admin@example.com', role: 'admin', firstName: 'Ada', lastName: 'Admin', organisation: DEMO_ORGANISATION },
  { email: 'user@example.com', role: 'user', firstName: 'Uma', lastName: 'User', organisation: DEMO_ORGANISATION },
  {
    email: 'admin@other.example.com',
    role: 'admin',
    firstName: 'Otto',
    lastName: 'Other',
    organisation: OTHER_ORGANISATION,
  },
];

/** A random password that passes every rule of spec 01 §5 (upper, lower, digit, symbol, length). */
export function randomDemoPassword(): string {
  return `Demo-${randomBytes(12).toString('base64url')}#7aA`;
}

export interface DemoSignIn {
  email: string;
  role: Role;
  password: string;
}

/**
 * The demo data of issue 2: "Demo Law LLP" (Associate, 6 months from now) with a super, an admin and a
 * user, and "Other Firm" (Associate) with an admin; all module flags on. Idempotent: what exists is kept.
 * Passwords: DEMO_PASSWORD when pinned (tests), else a random one per user, answered here to be shown once;
 * no installation ever starts with a password printed in the README.
 */
export async function seedDemo(
  ctx: AppContext,
): Promise<{ organisations: number; users: number; signIns: DemoSignIn[] }> {
  const pinned = ctx.config.demoPassword;
  // One hash for a pinned password: four argon2 runs would only slow every test file down.
  const pinnedHash = pinned === undefined ? undefined : await hashPassword(pinned);
  return inTransaction(ctx, async (tx) => {
    const organisations = organisationsService(tx);
    const users = usersService(tx);
    const created = { organisations: 0, users: 0, signIns: [] as DemoSignIn[] };
    const ids = new Map<string, number>();
    for (const name of [DEMO_ORGANISATION, OTHER_ORGANISATION]) {
      let id = await organisations.idByName(name);
      if (id === null) {
        id = await organisations.create({ name, plan: 'Associate', duration: 6, userLimit: 25, contactEmail: '' });
        created.organisations += 1;
      }
      ids.set(name, id);
    }
    for (const demo of DEMO_USERS) {
      if (await users.findByEmail(demo.email)) continue;
      const password = pinned ?? randomDemoPassword();
      await users.insert(
        {
          organisationId: ids.get(demo.organisation) ?? 0,
          email: demo.email,
          role: demo.role,
          firstName: demo.firstName,
          lastName: demo.lastName,
          knowledgeDataPermission: true,
          // The demo firm's plain user bills: the admin gave them the Billing grant (docs/invoices.md).
          billingPermission: true,
        },
        pinnedHash ?? (await hashPassword(password)),
      );
      created.users += 1;
      created.signIns.push({ email: demo.email, role: demo.role, password });
    }
    return created;
  });
}

/** Seeds the demo data only into a database without any organisation (first start); answers the sign-ins. */
export async function seedDemoIfEmpty(ctx: AppContext): Promise<DemoSignIn[] | null> {
  if (!(await organisationsService(ctx).isEmpty())) return null;
  const { signIns } = await seedDemo(ctx);
  // Then each module's demo data, in the registry's order (a module may build on an earlier one's).
  for (const module of ctx.modules) await module.seed?.(ctx);
  return signIns;
}
