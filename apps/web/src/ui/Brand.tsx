import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** The product mark and name. */
export function Brand({ compact = false }: { compact?: boolean }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Box
        component="img"
        src="/favicon.svg"
        alt=""
        sx={{
          width: compact ? 28 : 36,
          height: compact ? 28 : 36,
          display: 'block',
          borderRadius: '22%',
          // Keeps the mark visible on the blue top bar.
          boxShadow: compact ? '0 0 0 1.5px rgba(255,255,255,0.85)' : 'none',
        }}
      />
      <Typography
        component="span"
        sx={{ fontWeight: 700, fontSize: compact ? '1.1rem' : '1.35rem', letterSpacing: 0.2 }}
      >
        Lexdesk
      </Typography>
    </Box>
  );
}
