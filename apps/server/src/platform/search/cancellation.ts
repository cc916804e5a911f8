/** Cancelling a long analysis (the caller's AbortSignal), recognisable wherever the error surfaces. */

export class AnalysisCancelledError extends Error {
  override readonly name = 'AbortError';
  readonly analysisCancelled = true;
  constructor(message = 'The analysis was cancelled.') {
    super(message);
  }
}

/** True for the error a cancelled analysis throws (also a plain AbortError, e.g. from a worker or fetch). */
export function isAnalysisCancelled(err: unknown): boolean {
  if (err instanceof AnalysisCancelledError) return true;
  return typeof err === 'object' && err !== null && (err as { name?: unknown }).name === 'AbortError';
}

/** Throws AnalysisCancelledError when `signal` has been aborted. */
export function throwIfCancelled(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new AnalysisCancelledError();
}

export interface CountTermsOptions {
  /** Checked between batches: an aborted signal stops the count with AnalysisCancelledError. */
  signal?: AbortSignal;
  /** Called after each batch with the sources done so far and the total asked for. */
  onProgress?: (done: number, total: number) => void;
}
