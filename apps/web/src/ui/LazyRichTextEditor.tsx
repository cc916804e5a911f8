import Skeleton from '@mui/material/Skeleton';
import { lazy, Suspense } from 'react';
import type { RichTextEditorProps } from './RichTextEditor.tsx';

const Editor = lazy(() => import('./RichTextEditor.tsx').then((m) => ({ default: m.RichTextEditor })));

/** The rich-text editor, loaded on first use (TipTap is large). */
export function LazyRichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense
      fallback={<Skeleton variant="rounded" height={(props.minHeight ?? 140) + 40} aria-label="Loading editor" />}
    >
      <Editor {...props} />
    </Suspense>
  );
}
