import { describe, expect, it } from 'vitest';
import { organisationMessages, planMessages, userAdminMessages, userLimitMessages } from '../organisations/messages.ts';
import { profileMessages } from '../messages.ts';
import { registrationMessages } from './messages.ts';
import { installationSettingsBody } from './settings.ts';
import { otpProblem, signUpBody, signUpProblems } from './registration.ts';

const valid = {
  name: 'Harbour Chambers',
  email: 'founder@harbour.example',
  phone: '+44 7700 900123',
  plan_name: 'Associate',
  duration: 6,
  user_limit: 3,
  terms: true,
};

describe('sign-up rules (spec 01 §5)', () => {
  it('accepts a complete form and trims and lower-cases it', () => {
    expect(signUpProblems(valid)).toEqual([]);
    const parsed = signUpBody.parse({
      ...valid,
      name: '  Harbour  ',
      email: ' Founder@Harbour.Example ',
      user_limit: '3',
    });
    expect(parsed).toMatchObject({ name: 'Harbour', email: 'founder@harbour.example', user_limit: 3 });
  });

  it('lists every broken rule with its field, in form order', () => {
    const problems = signUpProblems({
      name: ' ',
      email: '',
      plan_name: 'Associate',
      duration: null,
      user_limit: '',
      terms: false,
    });
    expect(problems).toEqual([
      ['duration', planMessages.durationRequired],
      ['user_limit', userLimitMessages.blank],
      ['name', organisationMessages.nameRequired],
      ['email', userAdminMessages.emailRequired],
      ['terms', registrationMessages.termsRequired],
    ]);
  });

  it.each([
    [{ email: 'nope' }, 'email', userAdminMessages.emailInvalid],
    [{ phone: 'call me' }, 'phone', profileMessages.invalidPhone],
    [{ user_limit: 10000 }, 'user_limit', userLimitMessages.tooLong],
    [{ plan_name: 'Bespoke', duration: null }, 'plan_name', registrationMessages.bespokeByContact],
  ])('%j breaks %s', (patch, field, message) => {
    expect(signUpProblems({ ...valid, ...patch })).toEqual([[field, message]]);
  });

  it('needs no duration for Trial and Membership and no phone at all', () => {
    expect(signUpProblems({ ...valid, plan_name: 'Trial', duration: null, phone: '' })).toEqual([]);
    expect(signUpProblems({ ...valid, plan_name: 'Membership', duration: undefined })).toEqual([]);
  });

  it('takes an OTP of exactly 6 digits', () => {
    expect(otpProblem('123456')).toBeNull();
    for (const code of ['', '12345', '12345a', '1234567'])
      expect(otpProblem(code)).toBe(registrationMessages.otpRequired);
  });
});

describe('installation settings', () => {
  it('takes web pages and mailto: addresses, nothing else', () => {
    expect(installationSettingsBody.safeParse({ bespoke_contact: 'mailto:sales@firm.example' }).success).toBe(true);
    expect(installationSettingsBody.safeParse({ bespoke_contact: 'https://firm.example/contact' }).success).toBe(true);
    expect(installationSettingsBody.safeParse({ bespoke_contact: 'javascript:alert(1)' }).success).toBe(false);
    expect(installationSettingsBody.safeParse({ help_url: 'mailto:help@firm.example' }).success).toBe(false);
  });
});
