import { ERROR_BANNER_MS } from '@lexdesk/contract';
import Alert from '@mui/material/Alert';
import Collapse from '@mui/material/Collapse';
import { useCallback, useEffect, useRef, useState } from 'react';

export interface ErrorBannerState {
  message: string | null;
  show: (message: string) => void;
  clear: () => void;
}

/** Holds the banner message and hides it after 4 s (spec 01 §8); showing again restarts the clock. */
export function useErrorBanner(): ErrorBannerState {
  const [message, setMessage] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setMessage(null);
  }, []);
  const show = useCallback((next: string) => {
    clearTimeout(timer.current);
    setMessage(next);
    timer.current = setTimeout(() => setMessage(null), ERROR_BANNER_MS);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  return { message, show, clear };
}

interface ErrorBannerProps {
  banner: ErrorBannerState;
  severity?: 'error' | 'warning' | 'info' | 'success';
}

/** The error banner of every form: announced to screen readers, gone after 4 s. */
export function ErrorBanner({ banner, severity = 'error' }: ErrorBannerProps) {
  const [shown, setShown] = useState(banner.message);
  if (banner.message !== null && banner.message !== shown) setShown(banner.message);
  return (
    <Collapse in={banner.message !== null} unmountOnExit onExited={() => setShown(null)}>
      <Alert severity={severity} role="alert" sx={{ mb: 2, whiteSpace: 'pre-wrap' }} data-testid="error-banner">
        {banner.message ?? shown}
      </Alert>
    </Collapse>
  );
}
