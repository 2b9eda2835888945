/**
 * Bootstrap: runtime configuration → identity → the portal. Nothing of the configuration is baked into the build.
 * A first visit without a session goes straight to the identity provider's login page from here, before React,
 * Ionic and the screens are downloaded: the portal itself is loaded only when it has something to show.
 */

import { isEntryAddress, startLoginEarly } from './auth/early-login';
import { initUserManager, preloadUserManager } from './auth/user-manager';
import { loadRuntimeConfig } from './config/runtime-config';
import type { RuntimeConfig } from './contract/runtime-config';

/**
 * Whether the portal will surely start (a deep link, or a login is stored): then its code is requested at once,
 * alongside the configuration, instead of after it.
 */
function portalExpected(): boolean {
  if (!isEntryAddress(window.location)) return true;
  try {
    return Object.keys(localStorage).some((key) => key.startsWith('oidc.user:'));
  } catch {
    return true;
  }
}

async function boot(container: HTMLElement): Promise<void> {
  const expected = portalExpected();
  const portal = expected ? import('./app/start') : null;
  // Without a stored login the sign-in redirect needs oidc-client-ts: fetched alongside the configuration.
  if (!expected) preloadUserManager();
  let config: RuntimeConfig | null = null;
  try {
    config = await loadRuntimeConfig();
    document.title = config.applicationTitle;
    initUserManager(config);
    await startLoginEarly();
  } catch (error) {
    console.error('The portal could not read its configuration', error);
  }
  const { startPortal } = await (portal ?? import('./app/start'));
  await startPortal(container, config);
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
void boot(container);
