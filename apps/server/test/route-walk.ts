import { MODULE_FLAGS, ERROR_CODES, sessionMessages } from '@lexdesk/contract';
import sharp from 'sharp';
import { notificationsService } from '../src/modules/notifications/notifications.service.ts';
import { MODULES } from '../src/modules/registry.ts';
import type { RouteAccessEntry } from '../src/platform/access/access.plugin.ts';
import type { RouteAccessFixtures } from '../src/platform/modules/module.ts';
import { DEMO, DEMO_PASSWORD, multipartBody, STRONG_PASSWORD, type Harness } from './harness.ts';

/**
 * Walking every registered route with a caller who must reach nothing of Demo Law LLP: the ids of its records
 * (each module's route-access fixtures create them) and bodies that pass validation, so only ownership can
 * stop a request. Used by route-access.test.ts (another firm's admin) and provider-access.test.ts (the
 * provider's super user).
 */

export const NOT_FOUND = { detail: sessionMessages.notFound, code: ERROR_CODES.notFound };

/** Ids that belong to Demo Law LLP, by route parameter name. A new parameter needs a value here. */
export async function demoParams(h: Harness): Promise<Record<string, number>> {
  const demoUser = await h.actorOf((await h.login(DEMO.user)).access);
  const notificationId = await notificationsService(h.ctx).notifyPasswordChanged(demoUser);
  return {
    user_id: h.ids.user,
    organisation_id: h.ids.demoOrg,
    notification_id: notificationId,
    ...Object.assign({}, ...(await Promise.all((await moduleFixtures).map((fixtures) => fixtures.params(h))))),
  };
}

/** Each module's fixtures, from the registry (a module with ids in its routes declares them). */
const moduleFixtures: Promise<RouteAccessFixtures[]> = Promise.all(
  MODULES.flatMap((module) => (module.routeAccessFixtures ? [module.routeAccessFixtures()] : [])),
);

/** Bodies that pass validation, so only ownership can stop the request. A new write route adds one. */
export async function validBody(method: string, url: string) {
  for (const fixtures of await moduleFixtures) {
    const request = fixtures.request?.(method, url);
    if (request) return request;
  }
  if (method === 'PUT' && url === '/api/user/profile/:user_id/')
    return { body: { first_name: 'Eve', last_name: 'Intruder', phone: '' } };
  if (method === 'POST' && url === '/api/user/profile/:user_id/password/') {
    return {
      body: { current_password: DEMO_PASSWORD, new_password: STRONG_PASSWORD, confirm_password: STRONG_PASSWORD },
    };
  }
  if (method === 'POST' && url === '/api/user/profile/:user_id/image/') {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    return multipartBody('file', 'a.png', 'image/png', png);
  }
  if (method === 'PUT' && url === '/api/user/:user_id/') {
    const modules = Object.fromEntries(MODULE_FLAGS.map((flag) => [flag, true]));
    return { body: { first_name: 'Eve', last_name: 'Intruder', role: 'user', modules } };
  }
  if (method === 'PUT' && url === '/api/user/:user_id/active/') return { body: { is_active: false } };
  // Questionnaires (issue 5)
  if (method === 'PUT' && url === '/api/category/:category_id/') return { body: { name: 'Intruder category' } };
  if (method === 'PUT' && url === '/api/question/get/:questionnaire_id/') {
    return { body: { category: 1, form: [{ question_type: 'short', question_text: 'Q?', associated_tag: 't' }] } };
  }
  if (method === 'PUT' && url === '/api/concept/documents/update/:document_type_id/')
    return { body: { type_name: 'Intruder type' } };
  return {};
}

export function fill(url: string, params: Record<string, number>): string {
  return url.replace(/:([A-Za-z_]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`route-access.test.ts: add a Demo Law LLP value for :${name}`);
    return String(value);
  });
}

export const routesOf = (h: Harness): RouteAccessEntry[] =>
  h.app.routeAccess.filter((route) => route.method !== 'HEAD');
export const protectedRoutesOf = (h: Harness) => routesOf(h).filter((route) => route.access !== 'public');
