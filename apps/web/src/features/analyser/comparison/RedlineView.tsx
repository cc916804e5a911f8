import type { ComparedDocument, RedlineSegment } from '@lexdesk/contract';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import { Fragment } from 'react';
import { visuallyHidden } from '../../../ui/a11y.ts';

/**
 * Colours of the redline, light and dark: each text colour on its background is over 7:1, and no change is
 * told by colour alone (insertions underlined, deletions struck through, moves with a double line).
 */
const TONES = {
  light: {
    insert: { bg: '#d6f5dc', fg: '#0a3a15' },
    delete: { bg: '#fde2e2', fg: '#6a0d0d' },
    move: { bg: '#e2eafd', fg: '#0c2766' },
  },
  dark: {
    insert: { bg: '#1d4a29', fg: '#e8ffee' },
    delete: { bg: '#5a1d1d', fg: '#ffeaea' },
    move: { bg: '#1d3160', fg: '#e9f0ff' },
  },
} as const;

const toneOf = (theme: Theme, tone: 'insert' | 'delete' | 'move') => TONES[theme.palette.mode][tone];

function Change({ segment }: { segment: RedlineSegment }) {
  const moved = segment.move !== undefined;
  const inserted = segment.kind === 'insert';
  const Tag = inserted ? 'ins' : 'del';
  const words = inserted
    ? moved
      ? `moved here (move ${segment.move}): `
      : 'inserted: '
    : moved
      ? `moved away (move ${segment.move}): `
      : 'deleted: ';
  return (
    <Box
      component={Tag}
      data-kind={segment.kind}
      data-move={segment.move}
      title={words.replace(/: $/, '')}
      sx={(theme) => {
        const tone = toneOf(theme, moved ? 'move' : segment.kind === 'insert' ? 'insert' : 'delete');
        return {
          backgroundColor: tone.bg,
          color: tone.fg,
          textDecorationLine: inserted ? 'underline' : 'line-through',
          textDecorationStyle: moved ? 'double' : 'solid',
          textDecorationThickness: '1px',
          borderRadius: '2px',
        };
      }}
    >
      <Box component="span" sx={visuallyHidden}>
        [{words}
      </Box>
      {segment.text}
      <Box component="span" sx={visuallyHidden}>
        ]
      </Box>
    </Box>
  );
}

interface RedlineColumnProps {
  side: 'left' | 'right';
  document: ComparedDocument;
  segments: readonly RedlineSegment[];
}

/** One side of the redline: the left shows what was deleted, the right what was inserted; both the equal text. */
function RedlineColumn({ side, document, segments }: RedlineColumnProps) {
  const hidden = side === 'left' ? 'insert' : 'delete';
  const headingId = `redline-${side}-heading`;
  return (
    <Paper variant="outlined" sx={{ minWidth: 0, display: 'grid', gridTemplateRows: 'auto 1fr' }}>
      <Box sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <Typography id={headingId} variant="h3" component="h2" sx={{ wordBreak: 'break-word' }}>
          {side === 'left' ? 'First: ' : 'Second: '}
          {document.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {document.case_title} · {document.word_count.toLocaleString('en-US')} words
        </Typography>
      </Box>
      <Box
        data-testid={`redline-${side}`}
        role="region"
        aria-labelledby={headingId}
        tabIndex={0}
        sx={{
          px: 2,
          py: 1.5,
          maxHeight: '70vh',
          overflow: 'auto',
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          lineHeight: 1.7,
          fontSize: '0.95rem',
        }}
      >
        {segments.map((segment, index) =>
          segment.kind === hidden ? null : segment.kind === 'equal' ? (
            <Fragment key={index}>{segment.text}</Fragment>
          ) : (
            <Change key={index} segment={segment} />
          ),
        )}
      </Box>
    </Paper>
  );
}

/** The two documents side by side (stacked under 900 px), with a legend of the marks. */
export function RedlineView({
  left,
  right,
  segments,
}: {
  left: ComparedDocument;
  right: ComparedDocument;
  segments: readonly RedlineSegment[];
}) {
  const legend: [string, RedlineSegment][] = [
    ['Inserted', { kind: 'insert', text: 'underlined' }],
    ['Deleted', { kind: 'delete', text: 'struck through' }],
    ['Moved', { kind: 'insert', text: 'double line', move: 0 }],
  ];
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Box
        component="ul"
        aria-label="Legend"
        sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', listStyle: 'none', p: 0, m: 0 }}
      >
        {legend.map(([name, sample]) => (
          <Typography component="li" variant="body2" key={name}>
            {name}: <Change segment={sample} />
          </Typography>
        ))}
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '1fr 1fr' } }}>
        <RedlineColumn side="left" document={left} segments={segments} />
        <RedlineColumn side="right" document={right} segments={segments} />
      </Box>
    </Box>
  );
}
