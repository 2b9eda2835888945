/**
 * Bootstrap: runtime configuration → identity (silent check) and the active language → router.
 * Nothing of the configuration is baked into the build.
 */
import { setupIonicReact } from '@ionic/react';
import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { BootError } from './app/boot-error';
import { startupSilentCheck, wireSessionEvents } from './auth/session';
import { initUserManager } from './auth/user-manager';
import { loadRuntimeConfig } from './config/runtime-config';
import { activateLocale } from './i18n/i18n';
import { currentLocale } from './i18n/locale';
import { registerServiceWorker } from './pwa/register';

import '@ionic/react/css/core.css';
import '@ionic/react/css/normalize.css';
import '@ionic/react/css/structure.css';
import '@ionic/react/css/typography.css';
import '@ionic/react/css/padding.css';
import '@ionic/react/css/display.css';
import '@ionic/react/css/palettes/dark.system.css';
import './app/theme.css';
import './ui/ui.css';
import './ui/records.css';
import './ui/forms.css';

setupIonicReact();

async function start(root: Root): Promise<void> {
  try {
    const config = await loadRuntimeConfig();
    document.title = config.applicationTitle;
    initUserManager(config);
    wireSessionEvents();
    await Promise.all([activateLocale(currentLocale()), startupSilentCheck().catch(() => undefined)]);
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  } catch (error) {
    console.error('The portal could not start', error);
    root.render(<BootError onRetry={() => window.location.reload()} />);
  }
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
registerServiceWorker();
void start(createRoot(container));
