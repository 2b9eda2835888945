import { describe, expect, it } from 'vitest';
import { clearBrowserData } from '../session/clear-browser-data';
import { appStore } from '../state/store';
import { freshApp } from '../test/helpers';
import {
  dropDraftsExcept,
  isResumable,
  newDraft,
  pendingSigningPath,
  signingDraftAtom,
  signingUserKey,
} from './draft';

const draft = (now = Date.now()) =>
  newDraft({
    flowId: 'consent:CONS_DOSSIER:give:3',
    steps: ['form', 'read', 'pin', 'code', 'result'],
    doneTo: '/postAuth',
    now,
  });

describe('signing drafts', () => {
  it('survive the logout of an expired session but not an explicit logout', async () => {
    freshApp();
    appStore().set(signingDraftAtom('7'), { ...draft(), step: 'code' });
    localStorage.setItem('currentUser', '{}');
    await clearBrowserData({ keepDrafts: true });
    expect(localStorage.getItem('currentUser')).toBeNull();
    expect(JSON.parse(localStorage.getItem('draft:signing:7') ?? 'null')).toMatchObject({ step: 'code' });
    await clearBrowserData();
    expect(localStorage.getItem('draft:signing:7')).toBeNull();
  });

  it("after a login, other users' drafts on the device are deleted", () => {
    localStorage.setItem('draft:signing:7', '{}');
    localStorage.setItem('draft:signing:patient-3', '{}');
    dropDraftsExcept(signingUserKey(null, 3));
    expect(localStorage.getItem('draft:signing:7')).toBeNull();
    expect(localStorage.getItem('draft:signing:patient-3')).toBe('{}');
  });

  it('resume only the same flow within the ceremony lifetime (1 hour)', () => {
    const now = Date.now();
    expect(isResumable(draft(now), 'consent:CONS_DOSSIER:give:3', now + 59 * 60_000)).toBe(true);
    expect(isResumable(draft(now), 'consent:CONS_DOSSIER:give:3', now + 61 * 60_000)).toBe(false);
    expect(isResumable(draft(now), 'consent:CONS_PRJ_CARDIO:give:3', now)).toBe(false);
  });

  it('after a login, an unfinished signature is the place to return to, not a finished or stale one', () => {
    freshApp();
    const now = Date.now();
    const path = '/sign-new-consents?medium=digital';
    expect(pendingSigningPath('7', now)).toBeNull();
    appStore().set(signingDraftAtom('7'), { ...draft(now), step: 'code', resumeTo: path });
    expect(pendingSigningPath('7', now + 5 * 60_000)).toBe(path);
    expect(pendingSigningPath('8', now)).toBeNull();
    expect(pendingSigningPath('7', now + 61 * 60_000)).toBeNull();
    appStore().set(signingDraftAtom('7'), { ...draft(now), step: 'result', resumeTo: path });
    expect(pendingSigningPath('7', now)).toBeNull();
  });
});
