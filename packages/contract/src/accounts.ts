import { z } from 'zod';
import { PLAN_NAMES, ROLES } from './access.ts';
import { EMAIL_PATTERN, idParam } from './common.ts';
import { NAME_MAX_LENGTH, PASSWORD_MIN_LENGTH, PHONE_MAX_LENGTH } from './limits.ts';
import {
  adminCreationMessages,
  forgotPasswordMessages,
  loginMessages,
  passwordMessages,
  profileMessages,
} from './messages.ts';
import { newPasswordProblem } from './password.ts';

const role = z.enum(ROLES);
const planName = z.enum(PLAN_NAMES);

/** The first sign-in rule of spec 01 §5 the input breaks, or null. The username is trimmed first. */
export function loginProblem(username: string, password: string): string | null {
  const user = username.trim();
  if (!user && !password) return loginMessages.bothEmpty;
  if (!user) return loginMessages.usernameEmpty;
  if (!password) return loginMessages.passwordEmpty;
  if (!EMAIL_PATTERN.test(user)) return loginMessages.invalidEmail;
  if (password.length < PASSWORD_MIN_LENGTH) return loginMessages.passwordTooShort;
  return null;
}

export const loginBody = z
  .object({
    username: z.string().max(254).default(''),
    password: z.string().max(256).default(''),
    mode: z.literal('webapp').default('webapp'),
    /** Remember me: a longer-lived session (30 days instead of the default lifetime). */
    remember: z.boolean().default(false),
  })
  .superRefine((body, ctx) => {
    const problem = loginProblem(body.username, body.password);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['username'] });
  })
  .transform((body) => ({ ...body, username: body.username.trim().toLowerCase() }));
export type LoginBody = z.input<typeof loginBody>;

/** The 20 fields of the login response (spec 01 §3). */
export const loginResponse = z.object({
  access: z.string(),
  type: role,
  user_id: z.number().int(),
  username: z.string(),
  is_super: z.boolean(),
  user_organisation: z.string(),
  knowledge_access: z.boolean(),
  case_permission: z.boolean(),
  my_playbooks_permission: z.boolean(),
  precedent_permission: z.boolean(),
  doc_analyzer_permission: z.boolean(),
  task_management_permission: z.boolean(),
  invoice_permission: z.boolean(),
  current_plan: planName,
  knowledge_permission: z.boolean(),
  knowledge_data_permission: z.boolean(),
  /** Holds the Billing grant (always for admin and super; roles.ts USER_GRANTS). */
  billing_permission: z.boolean(),
  has_expiry_popup: z.boolean(),
  is_mfa_enabled: z.boolean(),
  is_duo_alive: z.boolean(),
  prompt_uri: z.string().nullable(),
});
export type LoginResponse = z.infer<typeof loginResponse>;

/**
 * Token sign-in (spec 01 §2, §3), hardened (docs/security.md): a signed-in user asks for a one-time code,
 * valid TOKEN_SIGN_IN_CODE_TTL_MINUTES, that another tab or application exchanges by POST for a session of its
 * own. A session token never travels in a URL, and the page asks before it signs anyone in.
 */
export const TOKEN_SIGN_IN_CODE_TTL_MINUTES = 2;
export const tokenSignInBody = z.object({ token: z.string().min(1).max(200) });
export const tokenSignInCodeResponse = z.object({ code: z.string(), expires_at: z.string() });
export const tokenSignInCheckResponse = z.object({ username: z.string() });

/** The forgot-password rule of spec 01 §5 the input breaks, or null. */
export function forgotPasswordProblem(email: string): string | null {
  const value = email.trim();
  if (!value) return forgotPasswordMessages.empty;
  if (!EMAIL_PATTERN.test(value)) return forgotPasswordMessages.invalid;
  return null;
}

export const forgotPasswordBody = z
  .object({ username: z.string().max(254).default('') })
  .superRefine((body, ctx) => {
    const problem = forgotPasswordProblem(body.username);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['username'] });
  })
  .transform((body) => ({ username: body.username.trim().toLowerCase() }));
export const forgotPasswordResponse = z.object({ detail: z.string(), email: z.string() });

/** POST token/: user:true validates a set/reset-password link; user:false an admin registration link. */
export const tokenValidateBody = z.discriminatedUnion('user', [
  z.object({ user: z.literal(true), token: z.string().min(1).max(200) }),
  z.object({ user: z.literal(false), username: z.string().min(1).max(254), token: z.string().min(1).max(200) }),
]);
export const LINK_PURPOSES = ['set_password', 'reset_password', 'create_admin'] as const;
export type LinkPurpose = (typeof LINK_PURPOSES)[number];
export const tokenValidateResponse = z.object({
  valid: z.literal(true),
  username: z.string(),
  purpose: z.enum(LINK_PURPOSES),
  organisation: z.string(),
});

const newPassword = z
  .string()
  .max(256)
  .superRefine((value, ctx) => {
    const problem = newPasswordProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const tokenSetPasswordBody = z.object({ token: z.string().min(1).max(200), password: newPassword });

const NAME_PATTERN = /^[A-Za-z_ ]+$/;

/** The first rule of the admin-creation form (spec 01 §5) the input breaks, or null. */
export function adminCreationProblem(v: {
  first_name: string;
  last_name: string;
  password: string;
  confirm_password?: string;
}): string | null {
  if (!v.first_name.trim() || !v.last_name.trim() || !v.password) return adminCreationMessages.fillAll;
  if (!NAME_PATTERN.test(v.first_name)) return adminCreationMessages.invalidFirstName;
  if (!NAME_PATTERN.test(v.last_name)) return adminCreationMessages.invalidLastName;
  return newPasswordProblem(v.password, v.confirm_password);
}

export const userCreateBody = z
  .object({
    username: z.string().min(1).max(254),
    token: z.string().min(1).max(200),
    first_name: z.string().max(NAME_MAX_LENGTH).default(''),
    last_name: z.string().max(NAME_MAX_LENGTH).default(''),
    password: z.string().max(256).default(''),
    phone: z.string().max(PHONE_MAX_LENGTH).optional(),
  })
  .superRefine((body, ctx) => {
    const problem = adminCreationProblem(body);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['first_name'] });
  });

export const userIdParams = z.object({ user_id: idParam });
export const loginModeQuery = z.object({ login_mode: z.literal('webapp').default('webapp') });

/** GET user/permission-monitoring/{userId}/ (spec 01 §3). */
export const permissionMonitoringResponse = z.object({
  is_dark_theme: z.boolean(),
  /** False until the user first toggles the theme: until then the web follows the operating system. */
  theme_chosen: z.boolean(),
  knowledge_data_permission: z.boolean(),
  /** Holds the Billing grant (always for admin and super; roles.ts USER_GRANTS). */
  billing_permission: z.boolean(),
  knowledge_token: z.string().nullable(),
  knowledge_permission: z.boolean(),
  knowledge_access: z.boolean(),
  case_permission: z.boolean(),
  precedent_permission: z.boolean(),
  doc_analyzer_permission: z.boolean(),
  my_playbooks_permission: z.boolean(),
  task_management_permission: z.boolean(),
  invoice_permission: z.boolean(),
  user_role: role,
  current_plan: planName,
});
export type PermissionMonitoringResponse = z.infer<typeof permissionMonitoringResponse>;

/** GET user/{user_id}/ (spec 01 §3). profile_image is a data: URL of the re-encoded picture, or null. */
export const userDetailResponse = z.object({
  id: z.number().int(),
  profile_image: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string(),
  username: z.string(),
  current_plan: planName,
  plan_validity: z.number().int().nullable(),
  has_expiry_popup: z.boolean(),
});
export type UserDetailResponse = z.infer<typeof userDetailResponse>;

/** GET user/profile/{user_id}/: the detail plus what the profile page shows. */
export const userProfileResponse = userDetailResponse.extend({
  role,
  organisation: z.string(),
  is_dark_theme: z.boolean(),
  date_joined: z.string(),
});
export type UserProfileResponse = z.infer<typeof userProfileResponse>;

const PHONE_PATTERN = /^\+?[0-9 ()-]{0,20}$/;
export const profileUpdateBody = z.object({
  first_name: z.string().trim().min(1, profileMessages.firstNameRequired).max(NAME_MAX_LENGTH),
  last_name: z.string().trim().min(1, profileMessages.lastNameRequired).max(NAME_MAX_LENGTH),
  phone: z.string().trim().max(PHONE_MAX_LENGTH).regex(PHONE_PATTERN, profileMessages.invalidPhone).default(''),
});
export type ProfileUpdateBody = z.infer<typeof profileUpdateBody>;

export const passwordChangeBody = z
  .object({
    current_password: z.string().min(1, passwordMessages.currentWrong).max(256),
    new_password: z.string().max(256),
    confirm_password: z.string().max(256),
  })
  .superRefine((body, ctx) => {
    const problem = newPasswordProblem(body.new_password, body.confirm_password);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['new_password'] });
  });
export type PasswordChangeBody = z.infer<typeof passwordChangeBody>;

export const themeToggleResponse = z.object({ is_dark_theme: z.boolean() });
/** Optional: the theme the user asked for (the screen may be following the operating system); none flips. */
export const themeToggleBody = z.object({ is_dark_theme: z.boolean().optional() }).strict().nullish();

export const versionResponse = z.object({ hash: z.string() });
export type VersionResponse = z.infer<typeof versionResponse>;

/** GET app-config/ (public): installation settings the web needs before sign-in. */
export const appConfigResponse = z.object({
  help_url: z.string(),
  product_name: z.string(),
  /** Self-registration at /user/register/new is open (Admin Setting). */
  registration_open: z.boolean(),
  /** Where Bespoke and a closed registration send people: a web page or mailto: address. */
  bespoke_contact: z.string(),
});
export type AppConfigResponse = z.infer<typeof appConfigResponse>;
