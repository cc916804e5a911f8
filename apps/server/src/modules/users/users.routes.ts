import {
  detailResponse,
  loginModeQuery,
  passwordChangeBody,
  passwordMessages,
  permissionMonitoringResponse,
  PROFILE_IMAGE_MAX_BYTES,
  profileMessages,
  profileUpdateBody,
  themeToggleBody,
  themeToggleResponse,
  userDetailResponse,
  userIdParams,
  userProfileResponse,
} from '@lexdesk/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, tooLarge } from '../../platform/errors/http-error.ts';
import { route } from '../../platform/http/define-route.ts';
import { userProfileService } from './user-profile.service.ts';

const tags = ['users'];
const access = 'authenticated' as const;

/** Reads the multipart field `file` (at most PROFILE_IMAGE_MAX_BYTES) into memory. */
async function readUploadedFile(request: FastifyRequest): Promise<Buffer> {
  const noFile = () => badRequest(profileMessages.imageType, { file: profileMessages.imageType });
  if (!request.isMultipart()) throw noFile();
  const part = await request.file({ limits: { fileSize: PROFILE_IMAGE_MAX_BYTES, files: 1 } });
  if (!part || part.fieldname !== 'file') throw noFile();
  try {
    return await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(profileMessages.imageSize);
    throw error;
  }
}

/** The user's own detail, profile, picture, password, theme and permission polling (spec 01 §7). */
export const usersRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const profiles = userProfileService(ctx);

  route(app, {
    method: 'GET',
    url: '/api/user/permission-monitoring/:user_id/',
    access,
    tags,
    summary: "The caller's role, plan and module flags (polled every 10 s; own id only)",
    params: userIdParams,
    query: loginModeQuery,
    reply: permissionMonitoringResponse,
    handler: ({ actor, params }) => profiles.permissionMonitoring(actor, params.user_id),
  });

  route(app, {
    method: 'GET',
    url: '/api/user/:user_id/',
    access,
    tags,
    summary: "A user's detail (self; admin within the organisation; super anyone)",
    params: userIdParams,
    reply: userDetailResponse,
    handler: ({ actor, params }) => profiles.detail(actor, params.user_id),
  });

  route(app, {
    method: 'GET',
    url: '/api/user/profile/:user_id/',
    access,
    tags,
    summary: "A user's profile (same visibility as the detail)",
    params: userIdParams,
    reply: userProfileResponse,
    handler: ({ actor, params }) => profiles.profile(actor, params.user_id),
  });

  route(app, {
    method: 'PUT',
    url: '/api/user/profile/:user_id/',
    access,
    tags,
    summary: 'Save own name and phone',
    params: userIdParams,
    body: profileUpdateBody,
    reply: userProfileResponse,
    handler: ({ actor, params, body }) => profiles.updateProfile(actor, params.user_id, body),
  });

  route(app, {
    method: 'POST',
    url: '/api/user/profile/:user_id/image/',
    access,
    tags,
    summary: 'Upload own profile picture (multipart field `file`: PNG, JPEG or WebP, at most 5 MiB)',
    consumes: ['multipart/form-data'],
    params: userIdParams,
    reply: userProfileResponse,
    errors: [413],
    handler: ({ actor, params, request }) =>
      profiles.setProfileImage(actor, params.user_id, () => readUploadedFile(request)),
  });

  route(app, {
    method: 'DELETE',
    url: '/api/user/profile/:user_id/image/',
    access,
    tags,
    summary: 'Remove own profile picture',
    params: userIdParams,
    reply: userProfileResponse,
    handler: ({ actor, params }) => profiles.removeProfileImage(actor, params.user_id),
  });

  route(app, {
    method: 'POST',
    url: '/api/user/profile/:user_id/password/',
    access,
    tags,
    summary: 'Change own password (revokes every other session)',
    params: userIdParams,
    body: passwordChangeBody,
    reply: detailResponse,
    errors: [429],
    handler: async ({ actor, params, body }) => {
      await profiles.changePassword(actor, params.user_id, body);
      return { detail: passwordMessages.changed };
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/user/theme/toggle/:user_id/',
    access,
    tags,
    summary: 'Flip own light/dark theme, or set it ({is_dark_theme}); either way the user has now chosen',
    params: userIdParams,
    body: themeToggleBody,
    reply: themeToggleResponse,
    handler: ({ actor, params, body }) => profiles.toggleTheme(actor, params.user_id, body?.is_dark_theme),
  });
};
