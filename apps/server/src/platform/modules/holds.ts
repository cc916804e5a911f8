import type { AppContext } from '../context.ts';
import { conflict } from '../errors/http-error.ts';
import type { ModuleHolds } from './module.ts';

/**
 * Holds (docs/architecture.md, "Holds"): a module may hold records another module owns (an invoice holds the
 * time entries it bills). The owner calls `refuseIfHeld` inside the transaction that changes or deletes them;
 * the first holder's reason is the 409's message. Asked through the registry (`ctx.modules`), so the owner
 * never imports the holder.
 */
export async function refuseIfHeld(
  c: AppContext,
  kind: keyof ModuleHolds,
  organisationId: number,
  ids: readonly number[],
): Promise<void> {
  if (ids.length === 0) return;
  for (const module of c.modules) {
    const held = await module.holds?.[kind]?.(c, organisationId, ids);
    const reason = held && ids.map((id) => held.get(id)).find((r) => r !== undefined);
    if (reason) throw conflict(reason);
  }
}
