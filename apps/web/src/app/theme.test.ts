import { describe, expect, it } from 'vitest';
import { createAppTheme } from './theme.ts';

describe('createAppTheme', () => {
  it('moves as MUI does by default', () => {
    const theme = createAppTheme(false);
    expect(theme.transitions.create('opacity')).toContain('opacity');
    expect(theme.transitions.duration.enteringScreen).toBeGreaterThan(0);
    expect(theme.components?.MuiButtonBase?.defaultProps?.disableRipple).toBeUndefined();
  });

  it('with reduced motion, has no transitions and no ripples, and keeps its colours', () => {
    for (const dark of [false, true]) {
      const theme = createAppTheme(dark, true);
      expect(theme.transitions.create('opacity')).toBe('none');
      expect(theme.transitions.duration.enteringScreen).toBe(0);
      expect(theme.transitions.duration.leavingScreen).toBe(0);
      expect(theme.transitions.getAutoHeightDuration(500)).toBe(0);
      expect(theme.components?.MuiButtonBase?.defaultProps?.disableRipple).toBe(true);
      expect(theme.palette.primary.main).toBe(createAppTheme(dark).palette.primary.main);
      expect(theme.components?.MuiButton?.styleOverrides).toEqual(
        createAppTheme(dark).components?.MuiButton?.styleOverrides,
      );
    }
  });
});
