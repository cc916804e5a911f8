import { useCallback, useRef, useState } from 'react';
import { refusalText } from '../api/client.ts';

export interface UploadItem {
  key: number;
  name: string;
  progress: number;
  state: 'waiting' | 'uploading' | 'done' | 'error';
  error?: string;
}

/** At most this many files travel at once; the rest wait their turn. */
const PARALLEL = 3;

/**
 * Uploads files a few at a time, each with its own progress and outcome (UploadList shows them): `upload` sends
 * one file, reporting progress in percent; `landed` runs after each success (refresh the lists it changed).
 */
export function useUploadQueue(
  upload: (file: File, onProgress: (percent: number) => void) => Promise<unknown>,
  landed: () => Promise<void>,
) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const counter = useRef(0);
  const queue = useRef<{ key: number; file: File }[]>([]);
  const running = useRef(0);

  const patch = useCallback((key: number, change: Partial<UploadItem>) => {
    setItems((all) => all.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const pump = useCallback(() => {
    while (running.current < PARALLEL && queue.current.length > 0) {
      const next = queue.current.shift();
      if (!next) break;
      running.current += 1;
      patch(next.key, { state: 'uploading' });
      upload(next.file, (progress) => patch(next.key, { progress }))
        .then(async () => {
          patch(next.key, { state: 'done', progress: 100 });
          await landed();
        })
        .catch((error: unknown) => patch(next.key, { state: 'error', error: refusalText(error) }))
        .finally(() => {
          running.current -= 1;
          pump();
        });
    }
  }, [upload, landed, patch]);

  const add = useCallback(
    (files: File[]) => {
      const added = files.map((file) => ({ key: (counter.current += 1), file }));
      setItems((all) => [
        ...added.map(({ key, file }) => ({ key, name: file.name, progress: 0, state: 'waiting' as const })),
        ...all,
      ]);
      queue.current.push(...added);
      pump();
    },
    [pump],
  );

  const clearFinished = useCallback(
    () => setItems((all) => all.filter((i) => i.state === 'waiting' || i.state === 'uploading')),
    [],
  );
  return { items, add, clearFinished };
}
