import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GuestGrant } from '../contract/guests';
import { fakeServer, freshApp, json, signIn } from '../test/helpers';
import { useMayDownload } from './use-guest-may-download';

const grant = (rights: GuestGrant['rights']): GuestGrant => ({
  patientId: 1001,
  patientName: 'Mario Rossi',
  relationship: 'mate',
  accessTitle: { code: 'delegation', desc: 'Delega' },
  deadline: '2027-11-22',
  rights,
  sharedDocuments: 2,
});

beforeEach(async () => {
  freshApp();
  await signIn();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useMayDownload', () => {
  it('lets staff and patients download without asking the server', () => {
    const server = fakeServer({});
    expect(renderHook(() => useMayDownload('PAT', 1001)).result.current).toBe(true);
    expect(renderHook(() => useMayDownload('PHY', 1001)).result.current).toBe(true);
    expect(server.requests).toHaveLength(0);
  });

  it("follows a guest's download right on the patient's grant", async () => {
    fakeServer({ 'GET /api/guests/grants': () => json({ grants: [grant(['dossier'])] }) });
    const without = renderHook(() => useMayDownload('GUE', 1001));
    expect(without.result.current).toBeNull();
    await waitFor(() => expect(without.result.current).toBe(false));

    fakeServer({ 'GET /api/guests/grants': () => json({ grants: [grant(['download'])] }) });
    const withRight = renderHook(() => useMayDownload('GUE', 1001));
    await waitFor(() => expect(withRight.result.current).toBe(true));
  });

  it('says no when the grant cannot be read', async () => {
    fakeServer({});
    const failed = renderHook(() => useMayDownload('GUE', 1001));
    await waitFor(() => expect(failed.result.current).toBe(false));
  });
});
