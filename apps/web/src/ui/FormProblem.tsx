import Typography from '@mui/material/Typography';

/** The first rule a form still breaks, shown live (forms whose submit stays disabled until all rules pass). */
export function FormProblem({ problem }: { problem: string | null }) {
  return (
    <Typography
      variant="body2"
      color="error"
      aria-live="polite"
      data-testid="form-problem"
      sx={{ minHeight: '1.5em', mt: 1 }}
    >
      {problem ?? ''}
    </Typography>
  );
}
