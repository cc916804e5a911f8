import { templateMessages as M, type CasePickerResponse } from '@lexdesk/contract';
import type { Actor } from '../../platform/access/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { forbidden } from '../../platform/errors/http-error.ts';
import { casesService } from '../cases/index.ts';

/** The cases a generated document can be assigned to (the cases module decides which the actor sees). */
export async function casePicker(
  ctx: AppContext,
  actor: Actor,
  query: { page_no: number; limits: number; search?: string | undefined },
): Promise<CasePickerResponse> {
  if (!actor.modules.case_permission) throw forbidden(M.caseModuleOff);
  const { data, page } = await casesService(ctx).list(actor, {
    page_no: query.page_no,
    limits: query.limits,
    ...(query.search ? { search_key: query.search } : {}),
    sort_by: 'title',
    sort_order: 'asc',
  });
  return { data: data.map((row) => ({ id: row.id, name: row.title })), page };
}
