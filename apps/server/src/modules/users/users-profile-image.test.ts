import { ERROR_CODES, PROFILE_IMAGE_MAX_BYTES, profileMessages, type UserProfileResponse } from '@lexdesk/contract';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { DEMO, describeEachDatabase, multipartBody } from '../../../test/harness.ts';
import { auditService } from '../../platform/audit/audit.service.ts';

const picture = (format: 'png' | 'jpeg' | 'webp' | 'gif', width = 640, height = 480) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .toFormat(format)
    .toBuffer();

const IMAGE_TYPE = {
  detail: profileMessages.imageType,
  code: ERROR_CODES.validation,
  fields: { file: profileMessages.imageType },
};

describeEachDatabase('POST and DELETE /api/user/profile/{user_id}/image/', (h) => {
  const upload = (id: number, token: string | null, part: ReturnType<typeof multipartBody>) =>
    h().request('POST', `/api/user/profile/${id}/image/`, { token, payload: part.payload, headers: part.headers });

  it.each(['png', 'jpeg', 'webp'] as const)('re-encodes a %s picture to a 256×256 WebP data URL', async (format) => {
    const me = await h().freshSession();
    // The declared type and name are ignored: the content decides.
    const res = await upload(
      me.id,
      me.token,
      multipartBody('file', 'holiday.txt', 'text/plain', await picture(format)),
    );
    expect(res.statusCode, res.body).toBe(200);
    const image = res.json<UserProfileResponse>().profile_image ?? '';
    expect(image).toMatch(/^data:image\/webp;base64,/);
    const meta = await sharp(Buffer.from(image.split(',')[1] ?? '', 'base64')).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });

    const detail = await h().request('GET', `/api/user/${me.id}/`, { token: me.token });
    expect(detail.json().profile_image).toBe(image);
    const history = await auditService(h().ctx).historyOf(h().ids.demoOrg, 'user', me.id);
    expect(history.at(-1)?.action).toBe('profile_image_updated');
  });

  it('removes the picture', async () => {
    const me = await h().freshSession();
    await upload(me.id, me.token, multipartBody('file', 'a.png', 'image/png', await picture('png')));
    const res = await h().request('DELETE', `/api/user/profile/${me.id}/image/`, { token: me.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().profile_image).toBeNull();
  });

  it.each([
    ['a GIF', () => picture('gif')],
    ['random bytes named .png', async () => randomBytes(2048)],
    ['an SVG', async () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>')],
  ])('refuses %s with 400 and the type message', async (_label, make) => {
    const me = await h().freshSession();
    const res = await upload(me.id, me.token, multipartBody('file', 'x.png', 'image/png', await make()));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(IMAGE_TYPE);
  });

  it('refuses a file above 5 MiB with 413 and the size message', async () => {
    const me = await h().freshSession();
    const big = Buffer.concat([await picture('png'), randomBytes(PROFILE_IMAGE_MAX_BYTES)]);
    const res = await upload(me.id, me.token, multipartBody('file', 'big.png', 'image/png', big));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: profileMessages.imageSize, code: ERROR_CODES.tooLarge });
  });

  it('refuses a body without the `file` field, and a body that is not multipart', async () => {
    const me = await h().freshSession();
    const wrongField = await upload(
      me.id,
      me.token,
      multipartBody('picture', 'a.png', 'image/png', await picture('png')),
    );
    expect(wrongField.json()).toEqual(IMAGE_TYPE);
    const json = await h().request('POST', `/api/user/profile/${me.id}/image/`, {
      token: me.token,
      body: { file: 'x' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual(IMAGE_TYPE);
  });

  it('is own only: 404 for a user of the same or another organisation, 401 without a token', async () => {
    const { access } = await h().login(DEMO.admin);
    const part = multipartBody('file', 'a.png', 'image/png', await picture('png'));
    expect((await upload(h().ids.user, access, part)).statusCode).toBe(404);
    expect((await upload(h().ids.otherAdmin, access, part)).statusCode).toBe(404);
    expect(
      (await h().request('DELETE', `/api/user/profile/${h().ids.user}/image/`, { token: access })).statusCode,
    ).toBe(404);
    expect((await upload(h().ids.user, null, part)).statusCode).toBe(401);
  });
});
