import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface ListPageProps {
  title: string;
  /** A line under the title saying what the list holds. */
  intro?: ReactNode;
  /** Buttons beside the title. */
  actions: ReactNode;
  /** The search box, the table and the page's dialogs, one under another. */
  children: ReactNode;
}

/** The frame of a list page: the title with its buttons on one line (wrapping on mobile), the content below. */
export function ListPage({ title, intro, actions, children }: ListPageProps) {
  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto', display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Box>
          <Typography variant="h1">{title}</Typography>
          {intro && (
            <Typography variant="body2" color="text.secondary">
              {intro}
            </Typography>
          )}
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>{actions}</Box>
      </Box>
      {children}
    </Box>
  );
}
