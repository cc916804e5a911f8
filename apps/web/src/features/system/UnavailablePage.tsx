import { ADMIN_SETTING_ROLES, commonMessages, sessionMessages } from '@lexdesk/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { useSession } from '../../app/session/useSession.ts';
import { useAppConfig } from '../../app/useAppConfig.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { PublicLayout } from '../../ui/PublicLayout.tsx';

interface PageEntry {
  label: string;
  to: string;
  external?: boolean;
}

/** /500: the spec's text and a search box over the pages the visitor can open. */
export function UnavailablePage() {
  useDocumentTitle('Temporarily unavailable');
  const session = useSession();
  const config = useAppConfig();
  const [term, setTerm] = useState('');
  const [results, setResults] = useState<PageEntry[] | null>(null);

  const pages: PageEntry[] = [{ label: 'Log In', to: '/login' }];
  if (session) {
    pages.push({ label: 'Profile Setting', to: `/user/profile/${session.userId}` });
    if (ADMIN_SETTING_ROLES.includes(session.role)) pages.push({ label: 'Admin Setting', to: '/admin-setting' });
  }
  if (config?.help_url) pages.push({ label: 'Help', to: config.help_url, external: true });

  const search = (event: FormEvent) => {
    event.preventDefault();
    const words = term.trim().toLowerCase().split(/\s+/).filter(Boolean);
    setResults(pages.filter((page) => words.every((word) => page.label.toLowerCase().includes(word))));
  };

  return (
    <PublicLayout title="Temporarily unavailable">
      <Typography sx={{ mb: 2 }}>{sessionMessages.pageUnavailable}</Typography>
      <Box component="form" role="search" onSubmit={search} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        <TextField
          label="Search"
          type="search"
          size="small"
          value={term}
          onChange={(event) => setTerm(event.target.value)}
          sx={{ flex: 1 }}
        />
        <Button type="submit" variant="contained">
          Search
        </Button>
      </Box>
      {results && (
        <Box sx={{ mt: 2 }} aria-live="polite">
          {results.length === 0 ? (
            <Typography color="text.secondary">{commonMessages.noRecords}</Typography>
          ) : (
            <List dense aria-label="Search results">
              {results.map((page) => (
                <ListItem key={page.to} disableGutters>
                  {page.external ? (
                    <Link href={page.to} target="_blank" rel="noopener noreferrer">
                      {page.label}
                    </Link>
                  ) : (
                    <Link component={RouterLink} to={page.to}>
                      {page.label}
                    </Link>
                  )}
                </ListItem>
              ))}
            </List>
          )}
        </Box>
      )}
    </PublicLayout>
  );
}
