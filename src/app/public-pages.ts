/**
 * The screens reached without a session (sign-in and its return, a context launch, a PIN reset, help, a
 * shared link's viewer), each loaded lazily (lazy-page.ts).
 */
import { page } from './lazy-page';

export const PostAuthPage = page(
  () => import('../features/account/post-auth-page'),
  (m) => m.PostAuthPage,
);
export const LoginPage = page(
  () => import('../features/account/login-page'),
  (m) => m.LoginPage,
);
export const LoginExternalPage = page(
  () => import('../features/account/login-external-page'),
  (m) => m.LoginExternalPage,
);
export const CdcLaunchPage = page(
  () => import('../features/cdc/cdc-launch-page'),
  (m) => m.CdcLaunchPage,
);
export const PinResetPage = page(
  () => import('../features/pin-reset/pin-reset-page'),
  (m) => m.PinResetPage,
);
export const HelpPage = page(
  () => import('../features/help/help-center-page'),
  (m) => m.HelpPageScreen,
);
export const FaqPage = page(
  () => import('../features/help/help-center-page'),
  (m) => m.FaqPageScreen,
);
/** The viewer first takes the browser's language (a doctor abroad), so it never shows in the wrong one. */
export const ShlViewerPage = page(
  () =>
    import('../features/shl/viewer/viewer-page').then(async (module) => {
      await module.followBrowserLanguage();
      return module;
    }),
  (m) => m.ShlViewerPage,
);
