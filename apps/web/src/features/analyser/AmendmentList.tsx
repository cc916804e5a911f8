import type { Amendment } from '@lexdesk/contract';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { RULE_KIND } from './partKinds.ts';

/** The head's rules, each with its numbered suggestion texts (spec 03 §2.3). */
export function RuleSuggestions({ headId }: { headId: number }) {
  // The same query (key and shape) as the Rules section of the head page.
  const rules = useQuery({ queryKey: RULE_KIND.queryKey(headId), queryFn: () => RULE_KIND.fetch(headId) });
  const list = rules.data ?? [];
  if (list.length === 0) return null;
  return (
    <Box component="section" aria-label="Rules">
      <Typography variant="subtitle2" component="h3">
        Rules
      </Typography>
      {list.map((rule) => (
        <Box key={rule.id} sx={{ mt: 1 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {rule.description}
          </Typography>
          <Box component="ol" sx={{ my: 0.5, pl: 3 }}>
            {rule.children.map((suggestion) => (
              <Typography component="li" variant="body2" key={suggestion.id}>
                {suggestion.text}
              </Typography>
            ))}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

interface AmendmentListProps {
  amendments: readonly Amendment[] | undefined;
  loading: boolean;
  onEdit: (amendment: Amendment) => void;
  onDelete: (amendment: Amendment) => void;
}

/** The head's amendments, numbered, with edit and delete where the answer allows them. */
export function AmendmentList({ amendments, loading, onEdit, onDelete }: AmendmentListProps) {
  return (
    <Box component="section" aria-label="Linked amendments">
      <Typography variant="subtitle2" component="h3">
        Linked amendments
      </Typography>
      {loading && <LinearProgress aria-label="Loading amendments" />}
      {!loading && (amendments ?? []).length === 0 && (
        <Typography variant="body2" color="text.secondary">
          No records found
        </Typography>
      )}
      <Box component="ol" sx={{ my: 0.5, pl: 3 }}>
        {(amendments ?? []).map((amendment) => (
          <Box component="li" key={amendment.id} sx={{ py: 0.5 }}>
            <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
              <Chip size="small" label={amendment.amendment_type} />
              <Typography
                variant="body2"
                sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
              >
                {amendment.amendment}
              </Typography>
              {amendment.actions.edit && (
                <IconButton
                  size="small"
                  aria-label={`Edit amendment ${amendment.id}`}
                  onClick={() => onEdit(amendment)}
                >
                  <EditIcon fontSize="small" />
                </IconButton>
              )}
              {amendment.actions.delete && (
                <IconButton
                  size="small"
                  aria-label={`Delete amendment ${amendment.id}`}
                  onClick={() => onDelete(amendment)}
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              )}
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
