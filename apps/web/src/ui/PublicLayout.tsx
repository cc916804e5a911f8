import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Brand } from './Brand.tsx';

interface PublicLayoutProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  maxWidth?: number;
}

/** The frame of the public pages: sign-in, set password, create admin. */
export function PublicLayout({ title, subtitle, children, maxWidth = 440 }: PublicLayoutProps) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        p: { xs: 2, sm: 3 },
        bgcolor: 'background.default',
      }}
    >
      <Paper variant="outlined" sx={{ width: '100%', maxWidth, p: { xs: 3, sm: 4 } }}>
        <Box sx={{ mb: 3 }}>
          <Brand />
        </Box>
        <Typography variant="h1" sx={{ mb: subtitle ? 1 : 2 }}>
          {title}
        </Typography>
        {subtitle && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {subtitle}
          </Typography>
        )}
        {children}
      </Paper>
    </Box>
  );
}
