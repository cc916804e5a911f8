import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { TitledDialog } from '../../../ui/TitledDialog.tsx';
import type { DocumentConceptRow } from './resultRows.ts';

/** View Term (spec 03 §2.5): a head's terms with their counts in one document; a count opens its context. */
export function ViewTermDialog({
  row,
  onClose,
  onCount,
}: {
  row: DocumentConceptRow | null;
  onClose: () => void;
  onCount: (row: DocumentConceptRow, term: string) => void;
}) {
  const terms = row?.concept.terms.filter((t) => t.count > 0) ?? [];
  return (
    <TitledDialog open={row !== null} title={`View Term: ${row?.head.head ?? ''}`} onClose={onClose}>
      <DialogContent dividers>
        <Table size="small" aria-label="Terms">
          <TableHead>
            <TableRow>
              <TableCell>Term</TableCell>
              <TableCell align="right">Count</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {row &&
              terms.map((t) => (
                <TableRow key={t.term}>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{t.term}</TableCell>
                  <TableCell align="right">
                    <Link
                      component="button"
                      type="button"
                      onClick={() => onCount(row, t.term)}
                      aria-label={`${t.count} hits of ${t.term}`}
                    >
                      {t.count}
                    </Link>
                  </TableCell>
                </TableRow>
              ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </TitledDialog>
  );
}
