import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * pdfsig's report (poppler-utils, installed by .ci/run); it exits non-zero for an invalid signature, the
 * report is what we check.
 */
export function pdfsig(pdf: Uint8Array): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'pdfsig-'));
  try {
    const file = path.join(dir, 'signed.pdf');
    writeFileSync(file, pdf);
    try {
      return execFileSync('/usr/bin/pdfsig', [file], { encoding: 'utf8' });
    } catch (error) {
      return String((error as { stdout?: string }).stdout ?? error);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
