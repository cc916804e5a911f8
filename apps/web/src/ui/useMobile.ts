import { MOBILE_BREAKPOINT_PX } from '@lexdesk/contract';
import useMediaQuery from '@mui/material/useMediaQuery';

/** The 600 px mobile layout of spec 01 §9. */
export function useMobile(): boolean {
  return useMediaQuery(`(max-width:${MOBILE_BREAKPOINT_PX}px)`, { noSsr: true });
}
