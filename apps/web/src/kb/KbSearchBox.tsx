import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import InputBase from '@mui/material/InputBase';
import { alpha } from '@mui/material/styles';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

/** The search box of the top bar: Enter opens the results (the hits in context). */
export function KbSearchBox() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [value, setValue] = useState(params.get('q') ?? '');
  return (
    <Box
      component="form"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        const q = value.trim();
        if (q) void navigate(`/search?q=${encodeURIComponent(q)}`);
      }}
      sx={(theme) => ({
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        px: 1.5,
        width: '100%',
        maxWidth: 480,
        borderRadius: 1,
        // A darker field, not a lighter one: white text on the top bar's blue lightened by 15 % fell below 4.5:1.
        bgcolor: alpha(theme.palette.common.black, 0.18),
        '&:focus-within': { bgcolor: alpha(theme.palette.common.black, 0.28) },
        '& input::placeholder': { opacity: 0.85 },
      })}
    >
      <SearchIcon fontSize="small" aria-hidden />
      <InputBase
        value={value}
        onChange={(event) => setValue(event.target.value)}
        placeholder="Search knowledge"
        inputProps={{ 'aria-label': 'Search knowledge', type: 'search' }}
        sx={{ color: 'inherit', flex: 1, py: 0.75 }}
      />
    </Box>
  );
}
