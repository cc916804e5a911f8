import { useEffect, useState } from 'react';

/** How long typing must pause before a picker searches the server. */
export const PICKER_DEBOUNCE_MS = 300;

/**
 * The words a server-searched Autocomplete looks for: `onInputChange` follows what the user types (a chosen
 * option's label is not a search), `search` is that text, trimmed, once typing pauses.
 */
export function usePickerSearch() {
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(input.trim()), PICKER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input]);
  const onInputChange = (_event: unknown, text: string, reason: string) => {
    if (reason === 'input' || reason === 'clear') setInput(reason === 'clear' ? '' : text);
  };
  return { search, onInputChange };
}
