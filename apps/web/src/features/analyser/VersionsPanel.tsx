import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../api/queryKeys.ts';
import { formatDateShort } from '../../ui/dates.ts';
import { fetchVersions } from './api.ts';
import { PartSection } from './PartSection.tsx';

/** The list's numbered versions: who changed which head, and when (docs/analyser.md). */
export function VersionsPanel({ listId }: { listId: number }) {
  const versions = useQuery({ queryKey: queryKeys.analyser.versions(listId), queryFn: () => fetchVersions(listId) });
  const rows = versions.data?.data ?? [];
  return (
    <PartSection title="Versions">
      {rows.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          No records found
        </Typography>
      )}
      {rows.map((version) => (
        <Box key={version.version} sx={{ borderBottom: 1, borderColor: 'divider', pb: 1 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            Version {version.version} · {version.changed_by} · {formatDateShort(version.changed_at)}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {[
              ...(version.renamed_to ? [`renamed to ${version.renamed_to}`] : []),
              ...version.changes.map((change) => `${change.head} ${change.change}`),
            ].join(', ') || 'No head changed'}
          </Typography>
        </Box>
      ))}
    </PartSection>
  );
}
