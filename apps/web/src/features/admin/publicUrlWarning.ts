import type { DeliveryStatus } from '@lexdesk/contract';

/**
 * With PUBLIC_URL unset the server writes emailed links on http://localhost:PORT. That is only right when the
 * administrator reaches it there too; reached by another host name, every link in a mail is broken for its
 * reader. Returns the warning to show, or null.
 */
export function publicUrlWarning(
  status: Pick<DeliveryStatus, 'public_url' | 'public_url_set'>,
  browser: Pick<Location, 'host' | 'origin'>,
): string | null {
  if (status.public_url_set) return null;
  let linkHost: string;
  try {
    linkHost = new URL(status.public_url).host;
  } catch {
    linkHost = '';
  }
  if (linkHost.toLowerCase() === browser.host.toLowerCase()) return null;
  return (
    `PUBLIC_URL is not set, so the links in emails point to ${status.public_url}, ` +
    `which the people who receive them cannot open. Set PUBLIC_URL to the address users reach, ` +
    `such as ${browser.origin}, and restart the server.`
  );
}
