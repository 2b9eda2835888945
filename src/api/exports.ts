/**
 * `GET /exports?patientId=`, the one read of a patient's record archives: the export screen and the home's
 * "ready to download" line share it (one key), and both follow the live topic `exports`.
 */
import { ExportList } from '../contract/export';
import { getJson } from './request';

/** The key of the shared read (`useLoader`'s `key`): readers at the same moment make one request. */
export function exportsKey(patientId: number): string {
  return `exports:${patientId}`;
}

/** Quiet: each reader says what failed its own way (the screen's error state; the home shows nothing). */
export function fetchExports(patientId: number): Promise<ExportList> {
  return getJson('exports', ExportList, { searchParams: { patientId }, context: { quiet: true } });
}
