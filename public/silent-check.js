/*
 * Silent-renew landing page (`silent_redirect_uri`), loaded by oidc-client-ts in a hidden iframe when a
 * renewal has no refresh token. It does what `UserManager.signinSilentCallback()` does in
 * oidc-client-ts 3.5 (IFrameWindow.notifyParent): hand the response URL to the parent window, same
 * origin only, so the static page needs no bundle. Keep in step with the library if it is upgraded.
 */
if (window.parent && window.parent !== window) {
  window.parent.postMessage(
    { source: 'oidc-client', url: window.location.href, keepOpen: false },
    window.location.origin,
  );
}
