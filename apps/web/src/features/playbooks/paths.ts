/** The playbook screens (spec 01 §2). */
export const PLAYBOOK_LIST_PATH = '/my-playbook';
export const PLAYBOOK_CREATE_PATH = '/create-playbook';
/** The read-only view: also the link Copy link copies (docs/playbooks.md "Links"). */
export const playbookViewPath = (id: number) => `/my-playbook/playbook/${id}`;
export const playbookEditPath = (id: number) => `/create/playbook/${id}`;
/** The route of the view, as the router and the stored playbook token match it. */
export const PLAYBOOK_VIEW_ROUTE = '/my-playbook/playbook/:id';

/** A positive whole id from a route or query parameter, else null. */
export function idOf(value: string | null | undefined): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}
