import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * SimpleWebAuthn's browser bundle (UMD, global `SimpleWebAuthnBrowser`), read once from the installed
 * package so the IdP serves the very version the lockfile pins, same origin, under its CSP.
 */
export function webauthnBrowserBundle(): string {
  const entry = createRequire(import.meta.url).resolve('@simplewebauthn/browser');
  // The package's CommonJS entry is `script/index.js`; the bundle sits in `dist/bundle` beside it.
  return readFileSync(path.join(path.dirname(entry), '..', 'dist', 'bundle', 'index.umd.min.js'), 'utf8');
}
