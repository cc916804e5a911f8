/**
 * Messages of self-registration, settings, multi-factor sign-in and account protection: the specification's
 * (spec 01 §4, §5, §8) character for character, and ours where it is silent (docs/registration-and-mfa.md).
 * Organisation name, email and user-limit messages are the organisations area's (organisations/messages.ts).
 */
export const registrationMessages = {
  termsRequired: 'Please agree to the Terms of services.',
  closed: 'We are currently not accepting new users through self-registration',
  contactUs: 'To get started, please contact us:',
  sessionExpired: 'Session expired, please login again!',
  otpResent: 'OTP sent again to your registered mobile number',
  setPasswordTitle: 'Set Password',
  linkSent: 'A registration link was sent to your registered email. Open it to set your password and sign in.',
  otpRequired: 'Please enter the 6-digit OTP.',
  otpInvalid: 'Invalid OTP. Please try again.',
  otpTooManyChecks: 'Too many wrong OTPs. Please register again.',
  resendLimit: 'You can resend the OTP at most 3 times. Please register again.',
  tooMany: 'Too many registration attempts. Please wait 15 minutes and try again.',
  bespokeByContact: 'Bespoke plans are arranged with us. Please use the contact page.',
  otpSentSms: 'We sent a 6-digit OTP to your mobile number.',
  otpSentEmail: 'We sent a 6-digit OTP to your email address.',
} as const;

export const settingsMessages = {
  saved: 'Settings saved.',
  invalidAddress: 'Please enter a web address (https://…) or mailto: address.',
  invalidHelpUrl: 'Please enter a web address (https://…).',
} as const;

export const mfaMessages = {
  codeRequired: 'Please enter the verification code.',
  codeInvalid: 'Invalid verification code. Please try again.',
  challengeExpired: 'Session expired, please login again!',
  enabled: 'Multi-factor sign-in is on.',
  disabled: 'Multi-factor sign-in is off.',
  notEnabled: 'Multi-factor sign-in is not on for this account.',
  alreadyEnabled: 'Multi-factor sign-in is already on.',
  startAgain: 'Please start the authenticator set-up again.',
  requiredByOrganisation: 'Your organisation requires multi-factor sign-in for your role.',
  enrolmentRequired: 'Your organisation requires multi-factor sign-in. Set up an authenticator app to continue.',
  noPhone: 'No verified phone number. Use your authenticator app or a bypass code.',
  codeSent: 'A verification code was sent to your phone.',
  tooManySends: 'Too many codes sent. Please wait 15 minutes and try again.',
  tooManyChecks: 'Too many wrong codes. Please sign in again.',
  bypassGenerated: 'New bypass codes were created. Earlier codes no longer work.',
  policySaved: 'Multi-factor policy saved.',
} as const;

export const accountLockMessages = {
  locked: 'Your account is locked after too many failed sign-in attempts. Please ask your administrator to unblock it.',
  unblocked: 'The account was unblocked.',
  notLocked: 'This account is not locked.',
} as const;

export const phoneMessages = {
  codeSent: 'A verification code was sent to this phone number.',
  verified: 'Phone number verified.',
  saved: 'Phone number saved.',
  verifyFirst: 'Please verify the phone number first.',
  phoneRequired: 'Please enter a phone number.',
} as const;
