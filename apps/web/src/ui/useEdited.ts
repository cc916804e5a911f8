import { useState } from 'react';

/**
 * A field that shows the saved value until the user edits it, so loaded data is never copied into state:
 * returns the value to show, a setter for the user's edit, and `reset` to drop the edit (after a save).
 */
export function useEdited<T>(saved: T): [value: T, edit: (value: T) => void, reset: () => void] {
  const [edited, setEdited] = useState<{ value: T } | null>(null);
  return [edited ? edited.value : saved, (value) => setEdited({ value }), () => setEdited(null)];
}
