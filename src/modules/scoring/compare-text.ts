/**
 * Code-unit order: unlike localeCompare, the same on every machine and locale.
 * Detectors and the engine both sort by it, so results never depend on where
 * they were computed.
 */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
