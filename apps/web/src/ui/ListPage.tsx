import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface ListPageProps {
  title: ReactNode;
  /** A line under the title saying what the list holds. */
  intro?: ReactNode;
  /** Buttons beside the title. */
  actions?: ReactNode;
  /** Above the title: the breadcrumb of a page inside a case. */
  breadcrumbs?: ReactNode;
  /** Before the title, on its line: the way back (a button). */
  back?: ReactNode;
  /** The page's width: 1200 for lists, narrower for forms. */
  maxWidth?: number;
  /** Space between the blocks (theme units); the sections of a settings page stand further apart. */
  gap?: number;
  /** The search box, the table and the page's dialogs, one under another. */
  children: ReactNode;
}

/**
 * The frame of a page in the shell: centred up to `maxWidth`, the title with its buttons on one line (wrapping on
 * mobile), the content below in one column that never grows wider than the page.
 */
export function ListPage({
  title,
  intro,
  actions,
  breadcrumbs,
  back,
  maxWidth = 1200,
  gap = 2,
  children,
}: ListPageProps) {
  const heading = <Typography variant="h1">{title}</Typography>;
  return (
    <Box sx={{ maxWidth, mx: 'auto', display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap }}>
      {breadcrumbs}
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Box>
          {back ? (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              {back}
              {heading}
            </Box>
          ) : (
            heading
          )}
          {intro && (
            <Typography variant="body2" color="text.secondary">
              {intro}
            </Typography>
          )}
        </Box>
        {actions && <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>{actions}</Box>}
      </Box>
      {children}
    </Box>
  );
}
