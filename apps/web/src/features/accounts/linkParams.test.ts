import { describe, expect, it } from 'vitest';
import { parseAdminLinkParam, tokenFromSegment } from './linkParams.ts';

describe('tokenFromSegment', () => {
  it('reads token=... segments only', () => {
    expect(tokenFromSegment('token=abc123')).toBe('abc123');
    expect(tokenFromSegment('token%3Dabc')).toBe('abc');
    expect(tokenFromSegment('token=')).toBeNull();
    expect(tokenFromSegment('profile')).toBeNull();
    expect(tokenFromSegment(undefined)).toBeNull();
  });
});

describe('parseAdminLinkParam', () => {
  it('reads the email and token of a create-admin link', () => {
    expect(parseAdminLinkParam('email=new@other.example.com&token=t0k')).toEqual({
      email: 'new@other.example.com',
      token: 't0k',
    });
    expect(parseAdminLinkParam('email=a%2Bb%40x.com&token=t')).toEqual({ email: 'a+b@x.com', token: 't' });
  });

  it('refuses a link without both parts', () => {
    expect(parseAdminLinkParam('email=a@b.com')).toBeNull();
    expect(parseAdminLinkParam('token=t')).toBeNull();
    expect(parseAdminLinkParam('')).toBeNull();
  });
});
