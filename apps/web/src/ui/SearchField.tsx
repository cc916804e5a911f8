import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useEffect, useRef, useState } from 'react';

const DEBOUNCE_MS = 300;

interface SearchFieldProps {
  label: string;
  onSearch: (value: string) => void;
}

/** The search box of every list: asks the server once typing pauses, not on every key. */
export function SearchField({ label, onSearch }: SearchFieldProps) {
  const [value, setValue] = useState('');
  // The newest onSearch, so a parent's re-render (an inline callback is new each time) does not restart the pause.
  const latestOnSearch = useRef(onSearch);
  useEffect(() => {
    latestOnSearch.current = onSearch;
  });
  useEffect(() => {
    const timer = setTimeout(() => latestOnSearch.current(value.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return (
    <TextField
      type="search"
      size="small"
      label={label}
      value={value}
      onChange={(event) => setValue(event.target.value)}
      sx={{ width: { xs: '100%', sm: 320 } }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
