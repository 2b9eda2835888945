import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, freshApp, signIn } from '../../test/helpers';
import { confirm } from '../../ui/confirm-dialog';
import { downloadWithAcceptance } from './extraction';

vi.mock('../../session/sign-out', () => ({
  logout: vi.fn(async () => undefined),
  isLoggingOut: () => false,
}));
vi.mock('../../ui/confirm-dialog', () => ({ confirm: vi.fn() }));
vi.mock('../../ui/pdf/pdf', () => ({ openPdf: vi.fn() }));

function pdfReply(): Response {
  return new Response('%PDF-1.7', {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': 'attachment; filename="referto.pdf"',
    },
  });
}

beforeEach(async () => {
  freshApp();
  await signIn();
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(confirm).mockReset();
});

describe('document extraction', () => {
  it('asks staff to accept the tracking notice first, then downloads with accepted=true', async () => {
    vi.mocked(confirm).mockResolvedValue(true);
    const server = fakeServer({ 'GET /api/documents/9/download': pdfReply });
    await downloadWithAcceptance(9, 'PHY');
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(vi.mocked(confirm).mock.calls[0]?.[0].message.message).toContain('è registrata');
    expect(server.requests[0]?.search.get('accepted')).toBe('true');
    expect(server.requests[0]?.search.get('format')).toBe('pdf');
  });

  it('downloads nothing when staff decline', async () => {
    vi.mocked(confirm).mockResolvedValue(false);
    const server = fakeServer({ 'GET /api/documents/9/download': pdfReply });
    await downloadWithAcceptance(9, 'OPT');
    expect(server.requests).toHaveLength(0);
  });

  it('lets a patient download directly', async () => {
    const server = fakeServer({ 'GET /api/documents/9/download': pdfReply });
    await downloadWithAcceptance(9, 'PAT');
    expect(confirm).not.toHaveBeenCalled();
    expect(server.requests[0]?.search.has('accepted')).toBe(false);
  });
});
