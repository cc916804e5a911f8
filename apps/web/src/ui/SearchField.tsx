import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';

const DEBOUNCE_MS = 300;

interface SearchFieldProps {
  label: string;
  onSearch: (value: string) => void;
}

/** The search box of every list: asks the server once typing pauses, not on every key. */
export function SearchField({ label, onSearch }: SearchFieldProps) {
  const [value, setValue] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => onSearch(value.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value, onSearch]);
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
