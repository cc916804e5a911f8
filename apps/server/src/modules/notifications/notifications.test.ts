import {
  ERROR_CODES,
  NOTIFICATION_LIST_MAX,
  notificationMessages,
  sessionMessages,
  type NotificationListResponse,
} from '@lexdesk/contract';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { DEMO, describeEachDatabase, multipartBody } from '../../../test/harness.ts';
import {
  NOTIFICATION_READ_DETAIL,
  NOTIFICATIONS_ALL_READ_DETAIL,
  notificationsService,
} from './notifications.service.ts';

const NOT_FOUND = { detail: sessionMessages.notFound, code: ERROR_CODES.notFound };

describeEachDatabase('notifications', (h) => {
  const list = async (id: number, token: string) => {
    const res = await h().request('GET', `/api/notification/${id}/`, { token });
    expect(res.statusCode).toBe(200);
    return res.json<NotificationListResponse>();
  };
  const notifications = () => notificationsService(h().ctx);

  it('answers an empty list for a new user', async () => {
    const me = await h().freshSession();
    expect(await list(me.id, me.token)).toEqual({ count: 0, notifications: [], profile_images: {} });
  });

  it('lists a permissions change with its creator, organisation and picture, newest first', async () => {
    const me = await h().freshSession();
    const admin = await h().freshSession('admin');
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const part = multipartBody('file', 'me.png', 'image/png', png);
    const uploaded = await h().request('POST', `/api/user/profile/${admin.id}/image/`, { token: admin.token, ...part });
    const adminActor = await h().actorOf(admin.token);

    await notifications().notifyPermissionsChanged(adminActor, me.id);
    h().clock.advance({ minutes: 1 });
    const secondId = await notifications().notifyPermissionsChanged(adminActor, me.id);

    const body = await list(me.id, me.token);
    expect(body.count).toBe(2);
    expect(body.notifications.map((n) => n.id)[0]).toBe(secondId);
    expect(body.notifications[0]).toEqual({
      id: secondId,
      text: notificationMessages.permissionsChanged,
      created_date: h().clock.now().toISOString(),
      organization: 'Demo Law LLP',
      created_by: 'Test Person',
      operation: 'permissions_changed',
      creator_id: admin.id,
      type: 'permission',
      case_id: null,
      task_id: null,
      is_read: false,
    });
    expect(body.profile_images).toEqual({ [String(admin.id)]: uploaded.json().profile_image });
  });

  it('keeps at most NOTIFICATION_LIST_MAX in the list while counting every unread one', async () => {
    const me = await h().freshSession();
    const actor = await h().actorOf(me.token);
    for (let i = 0; i < NOTIFICATION_LIST_MAX + 2; i += 1) await notifications().notifyPasswordChanged(actor);
    const body = await list(me.id, me.token);
    expect(body.notifications).toHaveLength(NOTIFICATION_LIST_MAX);
    expect(body.count).toBe(NOTIFICATION_LIST_MAX + 2);
  });

  it('marks one read (PUT notification/{id}/) and all read (GET notification/read/all/{user_id}/)', async () => {
    const me = await h().freshSession();
    const actor = await h().actorOf(me.token);
    const first = await notifications().notifyPasswordChanged(actor);
    await notifications().notifyPasswordChanged(actor);
    await notifications().notifyPasswordChanged(actor);

    const one = await h().request('PUT', `/api/notification/${first}/`, { token: me.token });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({ detail: NOTIFICATION_READ_DETAIL });
    let body = await list(me.id, me.token);
    expect(body.count).toBe(2);
    expect(body.notifications.find((n) => n.id === first)?.is_read).toBe(true);

    const all = await h().request('GET', `/api/notification/read/all/${me.id}/`, { token: me.token });
    expect(all.json()).toEqual({ detail: NOTIFICATIONS_ALL_READ_DETAIL });
    body = await list(me.id, me.token);
    expect(body.count).toBe(0);
    expect(body.notifications.every((n) => n.is_read)).toBe(true);
  });

  it('never shows or touches someone else’s notifications (same or other organisation): 404', async () => {
    const me = await h().freshSession();
    const mine = await notifications().notifyPasswordChanged(await h().actorOf(me.token));
    const colleague = await h().freshSession();
    const foreign = await h().freshSession('admin', h().ids.otherOrg);
    for (const intruder of [colleague, foreign]) {
      expect((await h().request('GET', `/api/notification/${me.id}/`, { token: intruder.token })).json()).toEqual(
        NOT_FOUND,
      );
      expect((await h().request('PUT', `/api/notification/${mine}/`, { token: intruder.token })).json()).toEqual(
        NOT_FOUND,
      );
      const readAll = await h().request('GET', `/api/notification/read/all/${me.id}/`, { token: intruder.token });
      expect(readAll.json()).toEqual(NOT_FOUND);
    }
    expect((await list(me.id, me.token)).count).toBe(1);
    expect((await h().request('PUT', '/api/notification/999999/', { token: me.token })).statusCode).toBe(404);
  });

  it('answers 401 without a token', async () => {
    expect((await h().request('GET', `/api/notification/${h().ids.user}/`)).statusCode).toBe(401);
    expect((await h().request('PUT', '/api/notification/1/')).statusCode).toBe(401);
    expect((await h().request('GET', `/api/notification/read/all/${h().ids.user}/`)).statusCode).toBe(401);
  });

  it('notifyPermissionsChanged: admins within their organisation, super anywhere, users never', async () => {
    const target = await h().freshSession();
    const admin = await h().actorOf((await h().login(DEMO.admin)).access);
    const otherAdmin = await h().actorOf((await h().login(DEMO.otherAdmin)).access);
    const superUser = await h().actorOf((await h().login(DEMO.super)).access);
    const user = await h().actorOf((await h().login(DEMO.user)).access);

    await expect(notifications().notifyPermissionsChanged(admin, target.id)).resolves.toBeTypeOf('number');
    await expect(notifications().notifyPermissionsChanged(otherAdmin, target.id)).rejects.toMatchObject({
      statusCode: 404,
    });
    await expect(notifications().notifyPermissionsChanged(user, target.id)).rejects.toMatchObject({ statusCode: 403 });
    await expect(notifications().notifyPermissionsChanged(superUser, h().ids.otherAdmin)).resolves.toBeTypeOf('number');

    const other = await h().login(DEMO.otherAdmin);
    const body = await list(other.user_id, other.access);
    // The provider-side super user is not named to another organisation.
    expect(body.notifications[0]).toMatchObject({ organization: 'Other Firm', created_by: null, creator_id: null });
  });
});
