import { z } from 'zod';
import { EMAIL_PATTERN, idParam, paged, pagedSearchQuery } from '../common.ts';
import { NAME_MAX_LENGTH, PHONE_MAX_LENGTH } from '../limits.ts';
import { profileMessages } from '../messages.ts';
import { ROLES } from '../roles.ts';
import { userAdminMessages } from './messages.ts';
import { moduleFlagsSchema, PHONE_PATTERN } from './organisations.ts';

const NAME_PATTERN = /^[A-Za-z_ ]+$/;
/** Roles of the separate knowledge application (spec 01 §6 "knowledge role"); ours, docs/organisations.md. */
export const KNOWLEDGE_ROLES = ['reader', 'contributor', 'manager'] as const;
export type KnowledgeRole = (typeof KNOWLEDGE_ROLES)[number];

const name = (invalid: string) => z.string().trim().min(1, invalid).max(NAME_MAX_LENGTH).regex(NAME_PATTERN, invalid);

const userFields = {
  first_name: name(userAdminMessages.firstNameInvalid),
  last_name: name(userAdminMessages.lastNameInvalid),
  phone: z.string().trim().max(PHONE_MAX_LENGTH).regex(PHONE_PATTERN, profileMessages.invalidPhone).default(''),
  role: z.enum(ROLES),
  modules: moduleFlagsSchema,
  knowledge_role: z.enum(KNOWLEDGE_ROLES).nullable().default(null),
  knowledge_data_permission: z.boolean().default(false),
  /** The Billing grant (roles.ts USER_GRANTS): a plain user reads the firm's invoices and client accounts. */
  billing_permission: z.boolean().default(false),
};

/** POST user/: invite a user, who gets a set-password link by email. */
export const userInviteBody = z.object({
  ...userFields,
  email: z
    .string()
    .trim()
    .min(1, userAdminMessages.emailRequired)
    .max(254)
    .regex(EMAIL_PATTERN, userAdminMessages.emailInvalid)
    .transform((value) => value.toLowerCase()),
  /** Super only: the organisation of the new user (default: the super user's own). */
  org_id: idParam.optional(),
});
export type UserInviteBody = z.input<typeof userInviteBody>;
export type UserInviteValues = z.output<typeof userInviteBody>;

/** PUT user/{user_id}/: the email (the sign-in name) stays. */
export const userUpdateBody = z.object(userFields);
export type UserUpdateBody = z.input<typeof userUpdateBody>;
export type UserUpdateValues = z.output<typeof userUpdateBody>;

export const userActiveBody = z.object({ is_active: z.boolean() });
export type UserActiveBody = z.infer<typeof userActiveBody>;

export const userListQuery = pagedSearchQuery.extend({ org_id: idParam.optional() });
export type UserListQuery = z.input<typeof userListQuery>;

export const managedUser = z.object({
  id: z.number().int(),
  organisation_id: z.number().int(),
  organisation: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string(),
  role: z.enum(ROLES),
  is_active: z.boolean(),
  /** False until the invited user has set a password. */
  has_password: z.boolean(),
  /** Locked after repeated failed sign-ins until an administrator unblocks it (user/unblock-login/). */
  is_locked: z.boolean(),
  modules: moduleFlagsSchema,
  knowledge_role: z.enum(KNOWLEDGE_ROLES).nullable(),
  knowledge_data_permission: z.boolean(),
  billing_permission: z.boolean(),
  created_at: z.string(),
});
export type ManagedUser = z.infer<typeof managedUser>;
export const managedUserList = paged(managedUser);
export type ManagedUserList = z.infer<typeof managedUserList>;
