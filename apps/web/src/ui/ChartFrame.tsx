import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

/**
 * A chart with its text alternatives: the figure is named by its title and described by a one-sentence summary
 * (what a screen reader hears), and the numbers it draws are a table under 'Show the numbers'.
 */
export function ChartFrame({
  title,
  summary,
  table,
  height = 280,
  children,
}: {
  title: string;
  /** One sentence of what the chart shows (its totals, the largest values). */
  summary: string;
  /** The chart's numbers as a table. */
  table: ReactNode;
  height?: number;
  children: ReactNode;
}) {
  const titleId = useId();
  const summaryId = useId();
  return (
    <Paper
      component="figure"
      variant="outlined"
      aria-labelledby={titleId}
      aria-describedby={summaryId}
      sx={{ m: 0, p: 2, display: 'grid', gap: 1, minWidth: 0 }}
    >
      <Typography id={titleId} component="h2" variant="h6" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      <Typography id={summaryId} variant="body2" color="text.secondary">
        {summary}
      </Typography>
      {/* The drawing itself says nothing a screen reader needs: the summary and the table do. Charts inside turn
          recharts' keyboard layer off (`accessibilityLayer={false}`): a focusable svg under aria-hidden fails axe. */}
      <Box aria-hidden="true" sx={{ height, minWidth: 0 }}>
        {children}
      </Box>
      <Box component="details" sx={{ '& > summary': { cursor: 'pointer', color: 'primary.main', py: 0.5 } }}>
        <summary>Show the numbers</summary>
        <Box sx={{ pt: 1 }}>{table}</Box>
      </Box>
    </Paper>
  );
}

/** Colours and text styles for recharts from the theme (light and dark). */
export function useChartTheme() {
  const theme = useTheme();
  const dark = theme.palette.mode === 'dark';
  return {
    text: theme.palette.text.secondary,
    grid: theme.palette.divider,
    billable: theme.palette.primary.main,
    nonBillable: dark ? theme.palette.grey[500] : theme.palette.grey[400],
    tooltip: {
      contentStyle: {
        background: theme.palette.background.paper,
        border: `1px solid ${theme.palette.divider}`,
        color: theme.palette.text.primary,
      },
      labelStyle: { color: theme.palette.text.primary },
    },
    /** Legend labels in the text colour (recharts colours them like their series, too pale for the grey one). */
    legendText: (value: string) => <span style={{ color: theme.palette.text.primary }}>{value}</span>,
    /** One colour per series (users, statuses), readable on either background. */
    series: dark
      ? ['#90caf9', '#ffb74d', '#81c784', '#f48fb1', '#ce93d8', '#4dd0e1', '#fff176', '#bcaaa4']
      : ['#1565c0', '#ef6c00', '#2e7d32', '#ad1457', '#6a1b9a', '#00838f', '#9e9d24', '#5d4037'],
  };
}
