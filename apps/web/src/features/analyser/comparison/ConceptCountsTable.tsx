import type { ComparedDocument, ComparisonResponse } from '@lexdesk/contract';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';

const change = (left: number, right: number) =>
  right > left ? `+${right - left}` : right < left ? `${right - left}` : '0';

/** The chosen list's heads with their counts in each document, next to each other. */
export function ConceptCountsTable({
  left,
  right,
  concepts,
}: {
  left: ComparedDocument;
  right: ComparedDocument;
  concepts: ComparisonResponse['concepts'];
}) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-labelledby="concept-counts-heading">
        <caption style={{ captionSide: 'top', textAlign: 'left', padding: '12px 16px' }}>
          <Typography id="concept-counts-heading" variant="h3" component="h2">
            Concept counts: {concepts.concept_list}
          </Typography>
        </caption>
        <TableHead>
          <TableRow>
            <TableCell scope="col">Concept</TableCell>
            <TableCell scope="col" align="right" sx={{ wordBreak: 'break-word' }}>
              {left.name}
            </TableCell>
            <TableCell scope="col" align="right" sx={{ wordBreak: 'break-word' }}>
              {right.name}
            </TableCell>
            <TableCell scope="col" align="right">
              Change
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {concepts.rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={4}>No records found</TableCell>
            </TableRow>
          ) : (
            concepts.rows.map((row) => (
              <TableRow key={row.concept_id}>
                <TableCell component="th" scope="row" sx={{ wordBreak: 'break-word' }}>
                  {row.head}
                </TableCell>
                <TableCell align="right">{row.left}</TableCell>
                <TableCell align="right">{row.right}</TableCell>
                <TableCell align="right">{change(row.left, row.right)}</TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
