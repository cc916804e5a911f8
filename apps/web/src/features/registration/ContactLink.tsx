import Link from '@mui/material/Link';

/** The installation's contact address (web page or mailto:), opened in a new tab for web pages. */
export function ContactLink({ address, children }: { address: string; children?: React.ReactNode }) {
  const web = /^https?:/i.test(address);
  return (
    <Link href={address} {...(web ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
      {children ?? address.replace(/^mailto:/i, '')}
    </Link>
  );
}
