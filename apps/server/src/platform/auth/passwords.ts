import { hash, verify } from '@node-rs/argon2';

// argon2id (the package's default algorithm) with its default cost: 19 MiB, 2 passes. Under Vitest alone the
// API tests (thousands of sign-ins) hash with the smallest cost argon2 allows: a hash still encodes its own
// cost, so a test hash verifies like any other, and the journeys and the product keep the real cost.
const PRODUCT_COST = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };
const TEST_COST = { memoryCost: 1_024, timeCost: 1, parallelism: 1 };
const OPTIONS = process.env.VITEST ? TEST_COST : PRODUCT_COST;

/** An argon2id hash of the password (PHC string, salt included). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * True when `password` matches `passwordHash`. Without a hash (unknown user, no password yet) a dummy
 * hash is verified anyway, so the answer takes as long and does not reveal which accounts exist.
 */
export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword('lexdesk-dummy-password');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
