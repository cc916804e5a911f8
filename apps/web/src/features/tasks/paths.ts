/** The task tracker's pages (spec 01 §2). */
export const TASK_PATH = '/task';
export const TASK_ACTIVITY_PATH = '/task-activity';
export const ORGANISATION_DASHBOARD_PATH = '/superuser-dashboard';
export const USER_DASHBOARD_PATH = '/user-dashboard';

/** /task?task_id=N: the list with that task's detail open (notifications and the top bar's timer link here). */
export const taskDetailPath = (taskId: number) => `${TASK_PATH}?task_id=${taskId}`;

/** A positive integer id from a query value, else null. */
export function idOf(value: string | null): number | null {
  if (value === null || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}
