import Box from '@mui/material/Box';
import { Fragment } from 'react';

/**
 * An email address that wraps only before its "@" (or at a hyphen, as text does), never inside a word:
 * "jane.doe" / "@firm.example", not "jane.d" / "oe@firm…".
 */
export function EmailAddress({ address }: { address: string }) {
  const parts = address.split(/(?=@)/);
  return (
    <Box component="span" sx={{ overflowWrap: 'normal', wordBreak: 'keep-all' }} title={address}>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </Box>
  );
}
