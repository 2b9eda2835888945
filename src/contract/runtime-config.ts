import * as v from 'valibot';

/** `GET /config.json`: what the portal reads at run time, never baked into the build. */
export const RuntimeConfig = v.object({
  applicationTitle: v.string(),
  apiBase: v.string(),
  oidc: v.object({
    authority: v.pipe(v.string(), v.url()),
    clientId: v.string(),
    scope: v.string(),
    dpop: v.boolean(),
  }),
  demoMode: v.boolean(),
});
export type RuntimeConfig = v.InferOutput<typeof RuntimeConfig>;
