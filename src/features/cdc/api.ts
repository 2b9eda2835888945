import { getJson, sendJson } from '../../api/request';
import { LaunchPreview, LaunchReply } from '../../contract/cdc';

// The screen shows the catalogue's own error and logs out: no toast.
const options = (proof: string | undefined) => ({
  context: { quiet: true },
  headers: proof ? { DPoP: proof } : {},
});

/** `POST /v1/discovery`: redeems a launch token (spec 7). */
export function discover(token: string, proof: string | undefined): Promise<LaunchReply> {
  return sendJson('post', 'v1/discovery', { token }, LaunchReply, options(proof));
}

/** `GET /v1/cdc?id=`: redeems a context session made by the launching application. */
export function openContext(id: string, proof: string | undefined): Promise<LaunchReply> {
  return getJson(`v1/cdc?id=${encodeURIComponent(id)}`, LaunchReply, options(proof));
}

/** `POST /v1/discovery/preview`: who the launch token would log in, without redeeming it. */
export function previewDiscovery(token: string): Promise<LaunchPreview> {
  return sendJson('post', 'v1/discovery/preview', { token }, LaunchPreview, options(undefined));
}

/** `GET /v1/cdc/preview?id=`: the same for a context session. */
export function previewContext(id: string): Promise<LaunchPreview> {
  return getJson(`v1/cdc/preview?id=${encodeURIComponent(id)}`, LaunchPreview, options(undefined));
}
