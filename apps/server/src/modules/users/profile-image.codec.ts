import { PROFILE_IMAGE_SIZE_PX, profileMessages } from '@lexdesk/contract';
import sharp from 'sharp';
import { badRequest } from '../../platform/errors/http-error.ts';

const ACCEPTED_FORMATS = new Set(['png', 'jpeg', 'webp']);
/** Decompression-bomb guard: refuse pictures above 40 megapixels before decoding them. */
const MAX_INPUT_PIXELS = 40_000_000;

const notAnImage = () => badRequest(profileMessages.imageType, { file: profileMessages.imageType });

/**
 * A PNG, JPEG or WebP picture (judged by its content, never its name or declared type), re-encoded as a
 * 256×256 WebP (cropped to cover) and answered as a data: URL. Anything else answers 400.
 */
export async function reencodeProfileImage(input: Buffer): Promise<string> {
  let format: string | undefined;
  try {
    format = (await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch {
    throw notAnImage();
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw notAnImage();
  try {
    const output = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(PROFILE_IMAGE_SIZE_PX, PROFILE_IMAGE_SIZE_PX, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer();
    return `data:image/webp;base64,${output.toString('base64')}`;
  } catch {
    throw notAnImage();
  }
}
