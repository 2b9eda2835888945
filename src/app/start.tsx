/**
 * The portal proper, loaded by the bootstrap (src/main.tsx) once it knows the portal must run: identity (silent
 * check), the active language, the service worker, then the router. React and Ionic arrive with this module.
 */
import { setupIonicReact } from '@ionic/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setSignOut, startupSilentCheck, wireSessionEvents } from '../auth/session';
import type { RuntimeConfig } from '../contract/runtime-config';
import { activateLocale, fillMissingMessages } from '../i18n/i18n';
import { currentLocale } from '../i18n/locale';
import { registerServiceWorker } from '../pwa/register';
import { isLoggingOut, logout } from '../session/sign-out';
import { App } from './app';
import { BootError } from './boot-error';

import '@ionic/react/css/core.css';
import '@ionic/react/css/normalize.css';
import '@ionic/react/css/structure.css';
import '@ionic/react/css/typography.css';
import '@ionic/react/css/padding.css';
import '@ionic/react/css/display.css';
import '@ionic/react/css/palettes/dark.system.css';
import './theme.css';
import '../ui/ui.css';
import '../ui/records.css';
import '../ui/forms.css';

// People who asked their system for less motion get sheets, alerts and pages without Ionic's slides and fades.
setupIonicReact({ animated: !window.matchMedia('(prefers-reduced-motion: reduce)').matches });

/** Soon after the first paint, when the main thread is free (at most 2 s later). */
function afterFirstScreen(task: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(task, { timeout: 2000 });
  else window.setTimeout(task, 200);
}

/** Renders the portal, or the boot error when the runtime configuration could not be read (`config` null). */
export async function startPortal(container: HTMLElement, config: RuntimeConfig | null): Promise<void> {
  const root = createRoot(container);
  // Before any call: an expired session ends with the portal's logout.
  setSignOut({ logout, isLoggingOut });
  registerServiceWorker();
  try {
    if (!config) throw new Error('no runtime configuration');
    fillMissingMessages();
    await Promise.all([activateLocale(currentLocale()), startupSilentCheck().catch(() => undefined)]);
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
    // The identity library (token timers, renewal) after the first screen, not before it.
    afterFirstScreen(wireSessionEvents);
  } catch (error) {
    console.error('The portal could not start', error);
    root.render(<BootError onRetry={() => window.location.reload()} />);
  }
}
