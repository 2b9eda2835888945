import { existsSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from './app-env';
import { ceremonyEffects } from './ceremony-effects';
import { FHIR_BASE } from './constants';
import { authenticate } from './middleware/authenticate';
import { bodyLimits } from './middleware/body-limit';
import { caller } from './middleware/caller';
import { compression } from './middleware/compression';
import { apiNotFound, handleError } from './middleware/errors';
import { requestLog } from './middleware/request-log';
import { requestTimeout } from './middleware/request-timeout';
import { securityHeaders } from './middleware/security-headers';
import { routeTemplate } from './observability/route';
import { accountRoutes } from './routes/account';
import { accountSwitchRoutes } from './routes/account-switch';
import { appRoutes } from './routes/apps';
import { cdcLaunchRoutes, cdcLogoutRoutes } from './routes/cdc';
import { cdcLauncherRoutes } from './routes/cdc-launcher';
import { conferenceRoutes } from './routes/conferences';
import { conferenceCallRoutes } from './routes/conferences-call';
import { consentRoutes } from './routes/consents';
import { devSmsRoutes } from './routes/dev-sms';
import { disputesRoutes } from './routes/disputes';
import { documentRequestRoutes } from './routes/document-requests';
import { documentRoutes } from './routes/documents';
import { exportFileRoutes, exportRoutes } from './routes/export';
import { fhirCors, fhirPublicRoutes, fhirRoutes } from './routes/fhir';
import { guestRoutes } from './routes/guests';
import { helpRoutes } from './routes/help';
import { historyRoutes } from './routes/history';
import { homeRoutes } from './routes/home';
import { liveRoutes } from './routes/live';
import { messageRoutes } from './routes/messages';
import { notifyAckRoutes, notifyRoutes } from './routes/notify';
import { notificationRoutes } from './routes/notify-counts';
import { obscuringRoutes } from './routes/obscuring';
import { paiRoutes } from './routes/pai';
import { pairRoutes } from './routes/pair';
import { patientRoutes } from './routes/patients';
import { pinResetRoutes } from './routes/pin-reset';
import { pripriRoutes } from './routes/pripri';
import { projectRoutes } from './routes/projects';
import { referenceRoutes } from './routes/reference';
import { resultsRoutes } from './routes/results';
import { runtimeRoutes } from './routes/runtime';
import { securityRoutes } from './routes/security';
import { securityAuthenticatorRoutes } from './routes/security-authenticator';
import { securityDeviceRoutes } from './routes/security-devices';
import { securityPasskeyRoutes } from './routes/security-passkeys';
import { shlPublicRoutes, shlRoutes } from './routes/shl';
import { signRoutes } from './routes/signing';
import { smartRoutes } from './routes/smart';
import { studyRoutes, studyViewerRoutes } from './routes/studies';
import { summaryRoutes } from './routes/summary';
import { surveyRoutes } from './routes/surveys';
import { uploadRoutes } from './routes/uploads';

/** The API: every area's routes behind token verification. */
function createApi(): Hono<AppEnv> {
  return new Hono<AppEnv>()
    .use(authenticate())
    .use(caller())
    .route('/', accountRoutes)
    .route('/', securityDeviceRoutes)
    .route('/', accountSwitchRoutes)
    .route('/', securityAuthenticatorRoutes)
    .route('/', patientRoutes)
    .route('/', projectRoutes)
    .route('/', documentRoutes)
    .route('/', obscuringRoutes)
    .route('/', historyRoutes)
    .route('/', disputesRoutes)
    .route('/', referenceRoutes)
    .route('/', studyRoutes)
    .route('/', signRoutes)
    .route('/', consentRoutes)
    .route('/', uploadRoutes)
    .route('/', homeRoutes)
    .route('/', notificationRoutes)
    .route('/', notifyRoutes)
    .route('/', messageRoutes)
    .route('/', liveRoutes)
    .route('/', documentRequestRoutes)
    .route('/', guestRoutes)
    .route('/', conferenceRoutes)
    .route('/', conferenceCallRoutes)
    .route('/', surveyRoutes)
    .route('/', paiRoutes)
    .route('/', cdcLogoutRoutes)
    .route('/', pairRoutes)
    .route('/', pripriRoutes)
    .route('/', securityRoutes)
    .route('/', securityPasskeyRoutes)
    .route('/', shlRoutes)
    .route('/', resultsRoutes)
    .route('/', summaryRoutes)
    .route('/', exportRoutes)
    .route('/', appRoutes)
    .all('*', apiNotFound);
}

/** Serves the built portal; an unknown page path gets the shell, whose router shows it. */
function serveClient(app: Hono<AppEnv>, staticDir: string): void {
  const indexFile = path.join(staticDir, 'index.html');
  // Hashed bundles never change; everything else (index.html, sw.js, the manifest) is revalidated.
  app.use('*', async (c, next) => {
    await next();
    if (c.res.status !== 200 || c.res.headers.has('Cache-Control')) return;
    const immutable = c.req.path.startsWith('/assets/');
    c.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
  });
  // Bundles are compressed once at build (build/precompress.ts): `.br` or `.gz` by Accept-Encoding, with
  // Vary; compression() leaves a reply with a Content-Encoding alone.
  app.use('*', serveStatic({ root: staticDir, precompressed: true }));
  app.get('*', async (c, next) => {
    const looksLikeFile = path.extname(c.req.path) !== '';
    if (looksLikeFile || !existsSync(indexFile) || !c.req.header('Accept')?.includes('text/html'))
      return next();
    c.header('Cache-Control', 'no-cache');
    return serveStatic({ path: indexFile, precompressed: true })(c, next);
  });
}

export function createApp(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    c.set('deps', deps);
    c.set('ceremonyEffects', ceremonyEffects);
    await next();
  });
  app.use(requestLog());
  app.use(routeTemplate());
  app.use(securityHeaders());
  app.use(compression());
  app.use(requestTimeout());
  app.use(bodyLimits());
  app.onError(handleError);
  app.route('/', runtimeRoutes);
  // The demo's SMS outbox page: never in production (DEMO_MODE=false).
  if (deps.config.demoMode) app.route('/', devSmsRoutes);
  // The viewer's slice requests carry a grant instead of a token: mounted before the token check.
  app.route(deps.config.apiBase, studyViewerRoutes);
  // PIN reset is for people who cannot sign: no token, rate-limited like the login.
  app.route(deps.config.apiBase, pinResetRoutes);
  // The service worker acknowledges a shown push with the signed token the push carried, no session.
  app.route(deps.config.apiBase, notifyAckRoutes);
  // Help and FAQ are pages without a login (spec 2): their texts too.
  app.route(deps.config.apiBase, helpRoutes);
  // Context sharing opens the portal for someone not logged in yet: the launch is the credential.
  app.route(deps.config.apiBase, cdcLaunchRoutes);
  // A shared link is opened by someone with no account, from any application: the link is the credential.
  app.route(deps.config.apiBase, shlPublicRoutes);
  // An archive's download is a link of a minute that the browser follows itself (no token to attach).
  app.route(deps.config.apiBase, exportFileRoutes);
  // The demo's stand-in for the hospital application that launches the portal.
  if (deps.config.demoMode) app.route('/', cdcLauncherRoutes);
  app.route(deps.config.apiBase, createApi());
  // FHIR (read API and the IPS summary): the API's tokens and access rules, errors as OperationOutcome.
  // Apps in a browser read FHIR from their own origin: bearer tokens, no cookie, so any origin may ask.
  app.use(`${FHIR_BASE}/*`, fhirCors);
  // SMART discovery is public too: apps read it to find where to authorize.
  app.route(FHIR_BASE, smartRoutes);
  // Its CapabilityStatement is public, as FHIR has it: apps read it before they sign in.
  app.route(FHIR_BASE, fhirPublicRoutes);
  app.route(FHIR_BASE, fhirRoutes);
  if (existsSync(deps.config.staticDir)) serveClient(app, deps.config.staticDir);
  else deps.logger.warn('no built portal to serve: run npm run build', { staticDir: deps.config.staticDir });
  app.notFound((c) => c.text('Not found', 404));
  return app;
}
