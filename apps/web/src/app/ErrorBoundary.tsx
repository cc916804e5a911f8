import { Component, type ErrorInfo, type ReactNode } from 'react';

interface ErrorBoundaryState {
  failed: boolean;
}

/**
 * A render error anywhere sends the visitor to /500 (a full load, so the app starts clean)
 * instead of leaving a blank page behind.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failed: false };

  static getDerivedStateFromError(): ErrorBoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
    if (window.location.pathname !== '/500') window.location.assign('/500');
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}
