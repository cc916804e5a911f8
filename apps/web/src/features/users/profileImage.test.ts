import { PROFILE_IMAGE_MAX_BYTES, profileMessages } from '@lexdesk/contract';
import { describe, expect, it } from 'vitest';
import { profileImageProblem } from './profileImage.ts';

describe('profileImageProblem', () => {
  it('accepts PNG, JPEG and WebP up to 5 MB', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/webp']) {
      expect(profileImageProblem({ type, size: PROFILE_IMAGE_MAX_BYTES })).toBeNull();
    }
  });

  it('refuses other types and larger files', () => {
    expect(profileImageProblem({ type: 'image/gif', size: 10 })).toBe(profileMessages.imageType);
    expect(profileImageProblem({ type: 'image/png', size: PROFILE_IMAGE_MAX_BYTES + 1 })).toBe(
      profileMessages.imageSize,
    );
  });
});
