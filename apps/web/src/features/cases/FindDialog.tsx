import CloseIcon from '@mui/icons-material/Close';
import NextIcon from '@mui/icons-material/KeyboardArrowDown';
import PrevIcon from '@mui/icons-material/KeyboardArrowUp';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { HIT_CURRENT, highlightAll } from './highlight.ts';

interface FindDialogProps {
  /** The rendered document. */
  target: RefObject<HTMLElement | null>;
  initialTerm: string;
  /** Changes when the document has (re-)rendered, so hits are searched again. */
  renderKey: number;
  /** `?hit=n` of a review: the nth whole-word hit of `initialTerm` is the current one at first. */
  initialHit?: number;
  /** False while the document is still loading: until its text is there, the find says it is searching. */
  ready: boolean;
  onClose: () => void;
}

/** What the find says of the term: nothing yet, still searching (the text is not there), no match, or where. */
export function findStatus(term: string, ready: boolean, hits: number, current: number): string {
  if (!term.trim()) return '';
  if (!ready) return 'Searching…';
  return hits === 0 ? 'No matches' : `${current + 1} of ${hits}`;
}

/** Find in the document: every hit highlighted, the current one scrolled into view (Enter: next). */
export function FindDialog({ target, initialTerm, renderKey, initialHit, ready, onClose }: FindDialogProps) {
  const titleId = useId();
  const [term, setTerm] = useState(initialTerm);
  const [hits, setHits] = useState<HTMLElement[]>([]);
  const [current, setCurrent] = useState(0);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const root = target.current;
    if (!root) return;
    // The review's hit counts whole words: while the term is the one it opened with, so does the find.
    const atHit = initialHit !== undefined && term === initialTerm;
    const marks = highlightAll(root, term, { wholeWord: atHit });
    setHits(marks);
    setCurrent(atHit && marks.length > 0 ? Math.min(initialHit, marks.length) - 1 : 0);
  }, [term, target, renderKey, initialHit, initialTerm]);

  useEffect(() => {
    hits.forEach((hit, i) => hit.classList.toggle(HIT_CURRENT, i === current));
    hits[current]?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [hits, current]);

  const move = (step: number) => hits.length > 0 && setCurrent((c) => (c + step + hits.length) % hits.length);
  const status = findStatus(term, ready, hits.length, current);

  return (
    <Paper
      role="dialog"
      aria-labelledby={titleId}
      elevation={6}
      // On wide screens it sits under the viewer's title row, on the right, and stays in sight as the document
      // scrolls (sticky: it never covers the title, back link or Find button); on narrow ones a bar along the
      // bottom. The current hit is scrolled to the middle.
      sx={{
        position: { xs: 'fixed', md: 'sticky' },
        top: { xs: 'auto', md: 72 },
        bottom: { xs: 16, md: 'auto' },
        right: { xs: 16, md: 'auto' },
        left: { xs: 16, md: 'auto' },
        justifySelf: { md: 'end' },
        zIndex: 1200,
        p: 1.5,
        width: { md: 380 },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <SearchIcon fontSize="small" aria-hidden />
        <Typography id={titleId} variant="subtitle2" sx={{ flex: 1 }}>
          Find in document
        </Typography>
        <IconButton size="small" aria-label="Close find" onClick={onClose}>
          <CloseIcon fontSize="small" />
        </IconButton>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mt: 1 }}>
        <TextField
          inputRef={input}
          autoFocus
          size="small"
          label="Find"
          value={term}
          onChange={(e) => setTerm(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') move(e.shiftKey ? -1 : 1);
            if (e.key === 'Escape') onClose();
          }}
          sx={{ flex: 1 }}
        />
        <IconButton aria-label="Previous match" onClick={() => move(-1)} disabled={hits.length === 0}>
          <PrevIcon />
        </IconButton>
        <IconButton aria-label="Next match" onClick={() => move(1)} disabled={hits.length === 0}>
          <NextIcon />
        </IconButton>
      </Box>
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{ mt: 0.5, minHeight: 20 }}
        aria-live="polite"
        data-testid="find-status"
      >
        {status}
      </Typography>
    </Paper>
  );
}
