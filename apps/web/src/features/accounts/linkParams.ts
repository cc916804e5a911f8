/** Parsing of the path segments that email links carry (spec 01 §2). */

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** 'token=abc' → 'abc'; anything else → null. */
export function tokenFromSegment(segment: string | undefined): string | null {
  if (!segment) return null;
  const raw = decode(segment);
  if (!raw.startsWith('token=')) return null;
  const token = raw.slice('token='.length).trim();
  return token || null;
}

/**
 * 'email=a%40b.com&token=abc' (raw, as in the address bar) → { email, token }, or null when either is missing.
 * Splits before decoding so an encoded '&' or '=' inside a value survives.
 */
export function parseAdminLinkParam(rawSegment: string): { email: string; token: string } | null {
  const values: Record<string, string> = {};
  for (const part of rawSegment.split('&')) {
    const at = part.indexOf('=');
    if (at <= 0) continue;
    values[decode(part.slice(0, at))] = decode(part.slice(at + 1)).trim();
  }
  const email = values.email;
  const token = values.token;
  return email && token ? { email, token } : null;
}
