/**
 * Every user-visible message of the specification, character for character (trailing spaces included).
 * Server and web import them from here; never retype one.
 */
export const loginMessages = {
  invalidEmail: 'Please enter a valid email ',
  passwordTooShort: 'Password must be atleast 8 character long !',
  bothEmpty: 'Username and password cannot be empty ',
  passwordEmpty: 'Password cannot be empty ',
  usernameEmpty: 'Username cannot be empty ',
  badCredentials: 'No active account found with the given credentials',
  network: 'Check network connection and try again',
  success: 'User Login Successfully',
  redirected: 'redirected',
  accountInactive: 'This account is deactivated. Please contact your administrator.',
  tooManyAttempts: 'Too many sign-in attempts. Please wait 15 minutes and try again.',
} as const;

export const forgotPasswordMessages = {
  empty: 'Email id field missing',
  invalid: 'Please enter valid email-id.',
  notFoundUrl: 'Server url field is invalid',
  generic: 'Something went wrong',
  success: 'your password reset link has been sent. Please check your email.',
  tooMany: 'Too many password requests. Please wait 15 minutes and try again.',
} as const;

export const passwordMessages = {
  tooShort: 'Password must be 8 character long !',
  spaces: 'Spaces are not allowed, please try again ',
  mismatch: 'Passwords do not match',
  setSuccess: 'Password set successfully.',
  notStrong: 'Password must contain upper case, lower case, number and special character.',
  currentWrong: 'Current password is incorrect.',
  /** Ours (ASVS 2.1.7): the server refuses passwords a common-password dictionary knows. */
  tooCommon: 'This password is too common. Choose one that is harder to guess.',
  changed: 'Your password was changed.',
  linkExpired: 'Link expired',
} as const;

export const adminCreationMessages = {
  invalidFirstName: 'Please enter valid first name.',
  invalidLastName: 'Please enter valid last name.',
  fillAll: 'Please fill all the above fields',
} as const;

export const sessionMessages = {
  permissionsChangedTitle: 'Permissions updated',
  permissionsChanged:
    'Your role, plan or module access was changed by an administrator. The page will reload to apply it.',
  unauthenticated: 'Please sign in to continue.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  forbidden: 'You do not have permission to do this.',
  notFound: 'Not found.',
  redirecting: 'Please wait while you are being redirected to dashboard',
  pageUnavailable: 'The page you are looking for is temporarily unavailable.',
  pageNotFound: 'The page you are looking for does not exist.',
  idleLogout: 'You were signed out after an hour without activity.',
  upgradeLicence: 'Your plan does not include this module. Please contact Lexdesk to upgrade your plan.',
  dataAccessDisabled: 'Access to this data is disabled. Please contact Lexdesk.',
} as const;

export const notificationMessages = {
  title: 'Notification',
  markAllRead: 'Mark all as read',
  empty: 'Notification not found',
  passwordChanged: 'Your password was changed.',
  permissionsChanged: 'Your role or module access was changed by an administrator.',
} as const;

export const commonMessages = {
  loading: 'Loading data...',
  noRecords: 'No records found',
  generic: 'Something went wrong',
  tooLarge: 'The file is too large.',
  deleteConfirm: (item: string) => `Are you sure you want to delete this ${item} ?`,
  deleted: (title: string) => `${title} deleted successfully`,
  copied: (item: string) => `${item} copied successfully`,
  downloaded: 'Download successfully',
  typeDeletePrompt: 'Type Delete to confirm',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  invalidInput: 'Please correct the highlighted fields.',
  discardChanges: 'Discard your changes?',
  discardChangesDetail: 'What you typed in this form is not saved yet.',
} as const;

/** 429 answers of the shared work queues (docs/operations.md, "Shared work queues"). */
const queueFull = (one: string, many: string) => {
  const things = (count: number) => `${count} ${count === 1 ? one : many}`;
  return {
    user: (count: number) => `You already have ${things(count)} being processed; try again when one finishes.`,
    organisation: (count: number) =>
      `Your organisation already has ${things(count)} being processed; try again when one finishes.`,
    full: `The server is busy with too many ${many} right now; try again in a minute.`,
  };
};

export const workQueueMessages = {
  /** Parsing threads: uploads, imports, comparisons. */
  documents: queueFull('document', 'documents'),
  /** LibreOffice conversions: PDF exports. */
  pdf: queueFull('PDF export', 'PDF exports'),
} as const;

export const profileMessages = {
  saved: 'Profile saved successfully',
  imageType: 'Profile image must be a PNG, JPEG or WebP picture.',
  imageSize: 'Profile image must be at most 5 MB.',
  imageSaved: 'Profile image updated successfully',
  firstNameRequired: 'First name cannot be empty.',
  lastNameRequired: 'Last name cannot be empty.',
  invalidPhone: 'Please enter a valid phone number.',
} as const;

export const adminSettingMessages = {
  linkSent: 'The link was sent. It is in the outbox below.',
  userNotFound: 'No user with this email exists.',
  emailTaken: 'A user with this email already exists.',
  organisationRequired: 'Please choose an organisation.',
} as const;
