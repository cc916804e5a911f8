import { PROFILE_IMAGE_MAX_BYTES, profileMessages } from '@lexdesk/contract';

export const PROFILE_IMAGE_TYPES: readonly string[] = ['image/png', 'image/jpeg', 'image/webp'];

/** The client-side check of a chosen picture (the server checks the content again and re-encodes it). */
export function profileImageProblem(file: { type: string; size: number }): string | null {
  if (!PROFILE_IMAGE_TYPES.includes(file.type)) return profileMessages.imageType;
  if (file.size > PROFILE_IMAGE_MAX_BYTES) return profileMessages.imageSize;
  return null;
}
