/** Messages of organisations, users and plans administration (spec 01 §5, §6, §8; ours where the spec is silent). */
export const userLimitMessages = {
  blank: 'User limit cannot be blank.',
  tooLong: 'User limit should have upto 4-digits only',
  belowRegistered: 'You cannot set a user limit below then the total number of registered users.',
  notWhole: 'User limit must be a whole number of at least 1.',
  cannotDecrease: 'The user limit can only be raised, never lowered.',
  reached:
    'Your organisation has reached its user limit. Raise the user limit on the Change plan page, or deactivate a user first.',
} as const;

export const planMessages = {
  samePlan: 'Organisation is already registered for same plan',
  durationRequired: 'Please select plan duration.',
  invalidDuration: 'This plan is not offered for that duration.',
  trialNotOffered: 'The Trial plan cannot be chosen again. Please choose Associate or Membership.',
  bespokeByContact: 'Bespoke plans are arranged with Lexdesk. Please use the contact page.',
  changed: 'Plan updated successfully',
  limitSaved: 'User limit updated successfully',
  expired: 'Your plan has expired.',
  expiresSoon: (days: number) => `Your plan expires in ${days} ${days === 1 ? 'day' : 'days'}.`,
  expiryTitle: 'Plan expiry',
  contactAdmin: 'Please ask an administrator of your organisation to upgrade the plan.',
} as const;

export const organisationMessages = {
  nameRequired: 'Organization name cannot be empty.',
  nameTaken: 'An organisation with this name already exists.',
  invalidEmail: 'Please enter a valid Email ID.',
  cannotDeleteOwn: 'You cannot delete the organisation you belong to.',
  created: 'Organisation created successfully',
  saved: 'Organisation saved successfully',
} as const;

export const userAdminMessages = {
  firstNameInvalid: 'Please enter valid first name.',
  lastNameInvalid: 'Please enter valid last name.',
  emailRequired: 'Email ID cannot be empty.',
  emailInvalid: 'Please enter a valid Email ID.',
  emailTaken: 'A user with this email already exists.',
  invited: 'User invited. A set-password link was emailed to them.',
  saved: 'User saved successfully',
  activated: 'User activated',
  deactivated: 'User deactivated',
  cannotChangeSelf: 'You cannot change your own role or active state.',
  cannotDeleteSelf: 'You cannot delete your own account.',
  superOnly: 'Only a super user can manage super users.',
  organisationRequired: 'Please choose an organisation.',
} as const;
