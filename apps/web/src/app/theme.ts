import { createTheme, type Theme, type ThemeOptions } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';

/** Whether the user asked the system for less motion (WCAG 2.3.3); read once, without a first render in motion. */
export function usePrefersReducedMotion(): boolean {
  return useMediaQuery('(prefers-reduced-motion: reduce)', { noSsr: true });
}

const NO_DURATION = { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 };

/**
 * Less motion: dialogs, menus, drawers and collapsing panels appear and go at once, and clicks draw no ripple.
 * Loading indicators keep moving, since they say that something is still under way.
 */
const reducedMotionOptions: ThemeOptions = {
  transitions: { create: () => 'none', duration: NO_DURATION, getAutoHeightDuration: () => 0 },
  components: { MuiButtonBase: { defaultProps: { disableRipple: true } } },
};

/**
 * The light and dark themes; colours chosen for WCAG AA contrast on text and controls. With `reducedMotion`
 * (the system setting) the themes keep their looks and drop their transitions.
 */
export function createAppTheme(dark: boolean, reducedMotion = false): Theme {
  const theme = createBaseTheme(dark);
  return reducedMotion ? createTheme(theme, reducedMotionOptions) : theme;
}

function createBaseTheme(dark: boolean): Theme {
  return createTheme({
    palette: dark
      ? {
          mode: 'dark',
          primary: { main: '#90caf9' },
          secondary: { main: '#ce93d8' },
          // MUI's dark error red under white text is 3.7:1; a lighter red takes dark text at AA contrast.
          error: { main: '#ef9a9a' },
          background: { default: '#121417', paper: '#1b1e23' },
        }
      : {
          mode: 'light',
          primary: { main: '#1565c0' },
          secondary: { main: '#7b1fa2' },
          // MUI's light warning orange and info blue carry white text (and outlined chips' text) at 3.1:1 and 3.9:1;
          // darker shades reach AA (the playbooks' importance chips: High, Medium).
          warning: { main: '#b45309' },
          info: { main: '#01579b' },
          background: { default: '#f5f7fa', paper: '#ffffff' },
        },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
      h1: { fontSize: '1.6rem', fontWeight: 600 },
      h2: { fontSize: '1.25rem', fontWeight: 600 },
      h3: { fontSize: '1.1rem', fontWeight: 600 },
    },
    components: {
      MuiButton: { styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } } },
      // Tabs and toggle buttons read like buttons: in sentence case, not capitals.
      MuiTab: { styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } } },
      MuiToggleButton: { styleOverrides: { root: { textTransform: 'none' } } },
      MuiAppBar: { defaultProps: { elevation: 0 } },
      // The default grey avatar fails text contrast; initials sit on the secondary colour instead.
      MuiAvatar: {
        styleOverrides: {
          colorDefault: ({ theme }) => ({
            backgroundColor: theme.palette.secondary.main,
            color: theme.palette.secondary.contrastText,
          }),
        },
      },
    },
  });
}
