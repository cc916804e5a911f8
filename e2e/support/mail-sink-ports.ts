/**
 * The mail sink's ports for a run on `appPort` (E2E_PORT): far from the app ports, one pair per run, so
 * several runs on one machine never share a sink.
 */
export function mailSinkPorts(appPort: number) {
  return { smtp: appPort + 20_000, http: appPort + 21_000 };
}
