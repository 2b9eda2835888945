import { eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CALL_SIGNALS_MAX, CallSetup, CallSignals, CallState, LiveChange } from '../../src/contract';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';
import { conferenceCalls } from '../db/schema';
import { WAITING_TTL_SECONDS } from '../services/conferences/call/session';
import { callCalls, makeConference } from '../test/fixtures/conferences-call';
import { readLive } from '../test/live';

const offer = { kind: 'offer', sdp: 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n' };
const candidate = (n: number) => ({
  kind: 'candidate',
  candidate: {
    candidate: `candidate:${n} 1 udp 2122260223 127.0.0.1 5${n} typ host`,
    sdpMid: '0',
    sdpMLineIndex: 0,
  },
});

describe.each(databaseTargets)('the in-portal call on $name', ({ location }) => {
  let ctx: TestContext;
  let calls: ReturnType<typeof callCalls>;
  let id: number;

  beforeAll(async () => {
    ctx = await createTestContext(location, { iceServers: [{ urls: 'stun:stun.example.org:3478' }] });
    calls = callCalls(ctx);
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    id = await makeConference(ctx, 'ACCEPTED');
  });

  const state = async (response: Response) => {
    expect(response.status).toBe(200);
    return v.parse(CallState, await response.json());
  };
  const signalsOf = async (user: string, after = 0) => {
    const response = await calls.signals(user, id, after);
    expect(response.status).toBe(200);
    return v.parse(CallSignals, await response.json());
  };
  const admitted = async () => {
    await state(await calls.join('dott.ferrari', id));
    await state(await calls.join('mario.rossi', id));
    expect(await state(await calls.admit('dott.ferrari', id))).toEqual({ ended: false, patient: 'admitted' });
  };

  it('gives the two parties their role, the peer and the configured ICE servers', async () => {
    const host = v.parse(CallSetup, await (await calls.setup('dott.ferrari', id)).json());
    expect(host).toMatchObject({ role: 'host', peerName: expect.stringContaining('Rossi'), cursor: 0 });
    expect(host.iceServers).toEqual([{ urls: 'stun:stun.example.org:3478' }]);
    const patient = v.parse(CallSetup, await (await calls.setup('mario.rossi', id)).json());
    expect(patient).toMatchObject({ role: 'patient', state: { ended: false, patient: 'absent' } });
  });

  it('answers 404 to anyone else and to conferences not accepted, 400 to a bad id', async () => {
    for (const user of ['giulia.bianchi', 'ospite', 'operatore', 'admin']) {
      expect((await calls.setup(user, id)).status).toBe(404);
      expect((await calls.join(user, id)).status).toBe(404);
      expect((await calls.send(user, id, offer)).status).toBe(404);
      expect((await calls.signals(user, id)).status).toBe(404);
    }
    for (const other of ['INVITED', 'REJECTED']) {
      const otherId = await makeConference(ctx, other);
      expect((await calls.setup('dott.ferrari', otherId)).status).toBe(404);
      expect((await calls.join('mario.rossi', otherId)).status).toBe(404);
    }
    expect((await calls.setup('dott.ferrari', 999_999)).status).toBe(404);
    const bad = await calls.setup('dott.ferrari', 0);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ fields: [{ field: 'id' }] });
  });

  it('keeps the patient in the waiting room until the host admits; only the host admits', async () => {
    expect((await calls.admit('dott.ferrari', id)).status).toBe(409);
    expect(await state(await calls.join('mario.rossi', id))).toEqual({ ended: false, patient: 'waiting' });
    expect((await calls.send('mario.rossi', id, offer)).status).toBe(409);
    expect((await calls.admit('mario.rossi', id)).status).toBe(403);
    expect(await state(await calls.admit('dott.ferrari', id))).toMatchObject({ patient: 'admitted' });
    // The host entering again (a reload) sends the patient back to wait for a new admission.
    expect(await state(await calls.join('dott.ferrari', id))).toMatchObject({ patient: 'waiting' });
  });

  it('forgets a waiting patient whose page stopped asking, until it asks again', async () => {
    await calls.join('mario.rossi', id);
    expect((await signalsOf('dott.ferrari')).state.patient).toBe('waiting');
    await ctx.db
      .update(conferenceCalls)
      .set({ patientSeenAt: sql`now() - make_interval(secs => ${WAITING_TTL_SECONDS + 1})` })
      .where(eq(conferenceCalls.conferenceId, id));
    expect((await signalsOf('dott.ferrari')).state.patient).toBe('absent');
    expect((await calls.admit('dott.ferrari', id)).status).toBe(409);
    // The patient's page polls its signals: that is its heartbeat.
    expect((await signalsOf('mario.rossi')).state.patient).toBe('waiting');
    expect((await signalsOf('dott.ferrari')).state.patient).toBe('waiting');
    expect((await calls.admit('dott.ferrari', id)).status).toBe(200);
  });

  it('relays signals in order after the cursor, each to the other party only', async () => {
    await admitted();
    expect((await calls.send('dott.ferrari', id, offer)).status).toBe(204);
    for (const n of [1, 2, 3]) expect((await calls.send('dott.ferrari', id, candidate(n))).status).toBe(204);
    expect((await calls.send('mario.rossi', id, { kind: 'answer', sdp: 'v=0\r\n' })).status).toBe(204);

    const forPatient = await signalsOf('mario.rossi');
    expect(forPatient.signals.map((signal) => signal.kind)).toEqual([
      'offer',
      'candidate',
      'candidate',
      'candidate',
    ]);
    expect(forPatient.signals[0]).toMatchObject({ sdp: offer.sdp });
    const ids = forPatient.signals.map((signal) => signal.id);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    const after = await signalsOf('mario.rossi', ids[1]);
    expect(after.signals.map((signal) => signal.id)).toEqual(ids.slice(2));
    expect((await signalsOf('dott.ferrari')).signals.map((signal) => signal.kind)).toEqual(['answer']);
    // A later setup starts after what is already there.
    const setup = v.parse(CallSetup, await (await calls.setup('mario.rossi', id)).json());
    expect(setup.cursor).toBe(ids.at(-1));
  });

  it('refuses malformed and oversized signals with the field, and bodies past the limit', async () => {
    await admitted();
    const unknown = await calls.send('mario.rossi', id, { kind: 'bye' });
    expect(unknown.status).toBe(400);
    const huge = await calls.send('mario.rossi', id, { kind: 'offer', sdp: 'x'.repeat(30_001) });
    expect(huge.status).toBe(400);
    expect(await huge.json()).toMatchObject({ fields: [{ field: 'sdp', code: 'tooLong' }] });
    expect((await calls.send('mario.rossi', id, { kind: 'offer', sdp: 'x'.repeat(70_000) })).status).toBe(
      413,
    );
    expect((await calls.signals('mario.rossi', id, -1)).status).toBe(400);
  });

  it(`holds at most ${CALL_SIGNALS_MAX} signals per conference under 30 parallel senders`, async () => {
    await admitted();
    const batch = async (count: number) =>
      Promise.all(Array.from({ length: count }, (_, n) => calls.send('dott.ferrari', id, candidate(n))));
    for (let round = 0; round < CALL_SIGNALS_MAX / 30; round++) await batch(30);
    const last = await batch(30);
    expect(last.map((response) => response.status).filter((status) => status === 204)).toHaveLength(0);
    expect(last.every((response) => response.status === 429)).toBe(true);
    let total = 0;
    let after = 0;
    for (;;) {
      const page = await signalsOf('mario.rossi', after);
      total += page.signals.length;
      if (!page.more) break;
      after = page.signals.at(-1)?.id ?? after;
    }
    expect(total).toBe(CALL_SIGNALS_MAX);
  });

  it('announces signals on the live channel, and the host hanging up ends the conference for both', async () => {
    const patientLive = readLive(await ctx.call('/api/live', 'mario.rossi'));
    const hostLive = readLive(await ctx.call('/api/live', 'dott.ferrari'));
    await Promise.all([patientLive.next('ready'), hostLive.next('ready')]);
    await calls.join('mario.rossi', id);
    expect(v.parse(LiveChange, JSON.parse((await hostLive.next('change')).data)).topics).toEqual([
      'conferenceCall',
    ]);
    await calls.admit('dott.ferrari', id);
    await patientLive.next('change');
    await calls.send('dott.ferrari', id, offer);
    expect(JSON.parse((await patientLive.next('change')).data)).toEqual({ topics: ['conferenceCall'] });

    expect(await state(await calls.hangup('dott.ferrari', id))).toEqual({ ended: true, patient: 'absent' });
    expect(JSON.parse((await patientLive.next('change')).data).topics).toContain('conferenceCall');
    expect((await signalsOf('mario.rossi')).state).toEqual({ ended: true, patient: 'absent' });
    expect((await calls.join('mario.rossi', id)).status).toBe(404);
    expect((await calls.send('mario.rossi', id, offer)).status).toBe(404);
    patientLive.close();
    hostLive.close();
  });

  it('the patient hanging up says bye to the host and may wait again', async () => {
    await admitted();
    expect(await state(await calls.hangup('mario.rossi', id))).toEqual({ ended: false, patient: 'absent' });
    const forHost = await signalsOf('dott.ferrari');
    expect(forHost.signals.map((signal) => signal.kind)).toEqual(['bye']);
    expect(forHost.state.patient).toBe('absent');
    expect(await state(await calls.join('mario.rossi', id))).toMatchObject({ patient: 'waiting' });
  });
});

describe.each(databaseTargets.filter((target) => target.name === 'postgresql'))(
  'the in-portal call across two server processes on $name',
  ({ location }) => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestContext(location);
    });
    afterAll(() => ctx.close());

    it('a signal sent through one instance reaches the peer reading from the other', async () => {
      const other = await ctx.secondInstance();
      try {
        const id = await makeConference(ctx, 'ACCEPTED');
        const here = callCalls(ctx);
        const there = callCalls(other);
        await here.join('dott.ferrari', id);
        const patientLive = readLive(await other.call('/api/live', 'mario.rossi'));
        await patientLive.next('ready');
        await there.join('mario.rossi', id);
        expect((await here.admit('dott.ferrari', id)).status).toBe(200);
        await patientLive.next('change');
        expect((await here.send('dott.ferrari', id, offer)).status).toBe(204);
        expect(JSON.parse((await patientLive.next('change')).data)).toEqual({ topics: ['conferenceCall'] });
        const page = v.parse(CallSignals, await (await there.signals('mario.rossi', id)).json());
        expect(page.signals).toMatchObject([{ kind: 'offer', sdp: offer.sdp }]);
        patientLive.close();
      } finally {
        await other.close();
      }
    });
  },
);
