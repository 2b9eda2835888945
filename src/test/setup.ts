/**
 * Setup of the client test project (jsdom): the browser pieces Ionic, idb-keyval and Lingui expect.
 */
import 'fake-indexeddb/auto';
import { setupIonicReact } from '@ionic/react';
import { i18n } from '@lingui/core';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: vi.fn((query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(),
    })),
  });
}

setupIonicReact({ animated: false });

// findBy/waitFor give up after 1 s by default: too short when the suite shares two cores with the server
// tests. A longer wait changes nothing when the screen is right, only how long a real failure takes.
configure({ asyncUtilTimeout: 5000 });

// The source language: a message without a catalog entry renders its Italian source text.
i18n.loadAndActivate({ locale: 'it', messages: {} });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
