import type { KnowledgeLookupMatch } from '@lexdesk/contract';
import KnowledgeIcon from '@mui/icons-material/LocalLibraryOutlined';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { refusalText } from '../../api/client.ts';
import { TitledDialog } from '../../ui/TitledDialog.tsx';
import { lookupKnowledge, openKnowledgeTab } from './api.ts';

interface KnowledgeLookupButtonProps {
  /** The hit's term, and the concept head it belongs to (spec 03 §6). */
  term: string;
  conceptHeadId: number;
  /** Names the hit for screen readers: "Knowledge for hit 2 of notice". */
  hitLabel: string;
}

/**
 * An analyser hit's "Knowledge" action: the lookup finds the articles for the term or its concept head among those
 * the user may see; one opens in a knowledge tab, several are offered to choose from, none says why.
 */
export function KnowledgeLookupButton({ term, conceptHeadId, hitLabel }: KnowledgeLookupButtonProps) {
  const { enqueueSnackbar } = useSnackbar();
  const [busy, setBusy] = useState(false);
  const [choices, setChoices] = useState<KnowledgeLookupMatch[] | null>(null);
  const open = (nodeId: number) =>
    openKnowledgeTab(nodeId).catch((error: unknown) => enqueueSnackbar(refusalText(error), { variant: 'error' }));
  const look = async () => {
    setBusy(true);
    try {
      const { data } = await lookupKnowledge(term, conceptHeadId);
      if (data.length === 1) await open(data[0]!.node_id);
      else setChoices(data);
    } catch (error) {
      enqueueSnackbar(refusalText(error), { variant: 'warning' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Tooltip title="Knowledge">
        <span>
          <IconButton size="small" aria-label={`Knowledge for ${hitLabel}`} onClick={() => void look()} disabled={busy}>
            {busy ? <CircularProgress size={18} /> : <KnowledgeIcon fontSize="small" />}
          </IconButton>
        </span>
      </Tooltip>
      <TitledDialog open={choices !== null} title={`Knowledge for "${term}"`} onClose={() => setChoices(null)}>
        <DialogContent dividers>
          <Typography variant="body2" sx={{ mb: 1 }}>
            Several articles match. Choose one to open it in Knowledge.
          </Typography>
          <List aria-label="Matching articles">
            {(choices ?? []).map((match) => (
              <ListItemButton
                key={match.node_id}
                onClick={() => {
                  setChoices(null);
                  void open(match.node_id);
                }}
              >
                <ListItemText primary={match.title} secondary={`${match.domain_title} › ${match.class_title}`} />
              </ListItemButton>
            ))}
          </List>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setChoices(null)}>Close</Button>
        </DialogActions>
      </TitledDialog>
    </>
  );
}
