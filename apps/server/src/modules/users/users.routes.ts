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
import { actorOf } from '../../platform/access/access.plugin.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, tooLarge } from '../../platform/errors/http-error.ts';
import { withErrors } from '../../platform/http/route-schemas.ts';
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

  app.get(
    '/api/user/permission-monitoring/:user_id/',
    {
      config: { access },
      schema: {
        tags,
        summary: "The caller's role, plan and module flags (polled every 10 s; own id only)",
        params: userIdParams,
        querystring: loginModeQuery,
        response: withErrors({ 200: permissionMonitoringResponse }, 400, 401, 404),
      },
    },
    async (request) => profiles.permissionMonitoring(actorOf(request), request.params.user_id),
  );

  app.get(
    '/api/user/:user_id/',
    {
      config: { access },
      schema: {
        tags,
        summary: "A user's detail (self; admin within the organisation; super anyone)",
        params: userIdParams,
        response: withErrors({ 200: userDetailResponse }, 400, 401, 404),
      },
    },
    async (request) => profiles.detail(actorOf(request), request.params.user_id),
  );

  app.get(
    '/api/user/profile/:user_id/',
    {
      config: { access },
      schema: {
        tags,
        summary: "A user's profile (same visibility as the detail)",
        params: userIdParams,
        response: withErrors({ 200: userProfileResponse }, 400, 401, 404),
      },
    },
    async (request) => profiles.profile(actorOf(request), request.params.user_id),
  );

  app.put(
    '/api/user/profile/:user_id/',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Save own name and phone',
        params: userIdParams,
        body: profileUpdateBody,
        response: withErrors({ 200: userProfileResponse }, 400, 401, 404),
      },
    },
    async (request) => profiles.updateProfile(actorOf(request), request.params.user_id, request.body),
  );

  app.post(
    '/api/user/profile/:user_id/image/',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Upload own profile picture (multipart field `file`: PNG, JPEG or WebP, at most 5 MiB)',
        consumes: ['multipart/form-data'],
        params: userIdParams,
        response: withErrors({ 200: userProfileResponse }, 400, 401, 404, 413),
      },
    },
    async (request) =>
      profiles.setProfileImage(actorOf(request), request.params.user_id, () => readUploadedFile(request)),
  );

  app.delete(
    '/api/user/profile/:user_id/image/',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Remove own profile picture',
        params: userIdParams,
        response: withErrors({ 200: userProfileResponse }, 401, 404),
      },
    },
    async (request) => profiles.removeProfileImage(actorOf(request), request.params.user_id),
  );

  app.post(
    '/api/user/profile/:user_id/password/',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Change own password (revokes every other session)',
        params: userIdParams,
        body: passwordChangeBody,
        response: withErrors({ 200: detailResponse }, 400, 401, 404, 429),
      },
    },
    async (request) => {
      await profiles.changePassword(actorOf(request), request.params.user_id, request.body);
      return { detail: passwordMessages.changed };
    },
  );

  app.post(
    '/api/user/theme/toggle/:user_id/',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Flip own light/dark theme, or set it ({is_dark_theme}); either way the user has now chosen',
        params: userIdParams,
        body: themeToggleBody,
        response: withErrors({ 200: themeToggleResponse }, 400, 401, 404),
      },
    },
    async (request) => profiles.toggleTheme(actorOf(request), request.params.user_id, request.body?.is_dark_theme),
  );
};
