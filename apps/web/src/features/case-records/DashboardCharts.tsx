import { CASE_STATUS_LABELS, INDEXING_STATE_LABELS, type DashboardResponse } from '@lexdesk/contract';
import { useTheme } from '@mui/material/styles';
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

const label = (map: Record<string, string>, key: string) => map[key] ?? key;

/** Cases by status as bars (lazy-loaded with recharts; the counts are also written out beside it). */
export function CasesByStatusChart({ data }: { data: DashboardResponse['cases_by_status'] }) {
  const theme = useTheme();
  const rows = data.map((row) => ({ name: label(CASE_STATUS_LABELS, row.status), count: row.count }));
  return (
    <ResponsiveContainer width="100%" height={220}>
      <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: -24 }}>
        <CartesianGrid strokeDasharray="3 3" stroke={theme.palette.divider} />
        <XAxis dataKey="name" stroke={theme.palette.text.secondary} fontSize={12} />
        <YAxis allowDecimals={false} stroke={theme.palette.text.secondary} fontSize={12} />
        <Tooltip
          contentStyle={{ background: theme.palette.background.paper, borderColor: theme.palette.divider }}
          labelStyle={{ color: theme.palette.text.primary }}
        />
        <Bar dataKey="count" name="Cases" fill={theme.palette.primary.main} radius={[4, 4, 0, 0]} />
      </BarChart>
    </ResponsiveContainer>
  );
}

/** Documents by indexing state as bars, coloured by state. */
export function DocumentsByStateChart({ data }: { data: DashboardResponse['documents_by_state'] }) {
  const theme = useTheme();
  const colours: Record<string, string> = {
    queued: theme.palette.grey[500],
    indexing: theme.palette.info.main,
    indexed: theme.palette.success.main,
    failed: theme.palette.error.main,
  };
  const rows = data.map((row) => ({ name: label(INDEXING_STATE_LABELS, row.state), key: row.state, count: row.count }));
  return (
    <ResponsiveContainer width="100%" height={220}>
      <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: -24 }}>
        <CartesianGrid strokeDasharray="3 3" stroke={theme.palette.divider} />
        <XAxis dataKey="name" stroke={theme.palette.text.secondary} fontSize={12} />
        <YAxis allowDecimals={false} stroke={theme.palette.text.secondary} fontSize={12} />
        <Tooltip
          contentStyle={{ background: theme.palette.background.paper, borderColor: theme.palette.divider }}
          labelStyle={{ color: theme.palette.text.primary }}
        />
        <Bar dataKey="count" name="Documents" radius={[4, 4, 0, 0]}>
          {rows.map((row) => (
            <Cell key={row.key} fill={colours[row.key] ?? theme.palette.primary.main} />
          ))}
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}
