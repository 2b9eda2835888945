import * as v from 'valibot';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConferenceList, OnlinePatients, OnlineUsers } from '../../src/contract';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';
import { PRESENCE_TTL_MS } from '../services/conferences/presence';
import { patientIdOf, projectIdOf } from '../test/fixtures/consents';

describe.each(databaseTargets)('conference presence on $name', ({ location }) => {
  let ctx: TestContext;
  let mario: number;
  let cuore: number;
  const heartbeat = (user: string, method: 'PUT' | 'DELETE' = 'PUT') =>
    ctx.call('/api/conferences/presence', user, { method });
  const onlineUsers = async (user: string) =>
    v
      .parse(OnlineUsers, await (await ctx.call('/api/conferences/onlineUsers', user)).json())
      .users.map((entry) => entry.displayName);
  const patientsOf = async (projectId: number) => {
    const response = await ctx.call(`/api/conferences/onlinePatients/${projectId}`, 'dott.ferrari');
    const body: unknown = await response.json();
    if (response.status !== 200) throw new Error(JSON.stringify(body));
    return v.parse(OnlinePatients, body).patients;
  };
  const otherOnline = async (user: string) =>
    v.parse(ConferenceList, await (await ctx.call('/api/conferences', user)).json()).conferences[0]
      ?.otherOnline;

  beforeAll(async () => {
    ctx = await createTestContext(location);
    mario = await patientIdOf(ctx, 'mario.rossi');
    cuore = await projectIdOf(ctx, 'CUORE');
    expect(
      (await ctx.call(`/api/conferences/request/${mario}`, 'dott.ferrari', { method: 'POST' })).status,
    ).toBe(201);
  }, 60_000);
  afterAll(() => ctx.close());
  afterEach(() => vi.useRealTimers());

  it('shows a patient online while their portal sends heartbeats, and offline once they stop', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date());
    expect(await onlineUsers('dott.ferrari')).toEqual([]);
    expect((await patientsOf(cuore)).find((entry) => entry.id === mario)?.online).toBe(false);

    expect((await heartbeat('mario.rossi')).status).toBe(204);
    expect(await onlineUsers('dott.ferrari')).toEqual(['Mario Rossi']);
    expect(await otherOnline('dott.ferrari')).toBe(true);
    const listed = await patientsOf(cuore);
    expect(listed[0]).toEqual({ id: mario, displayName: 'Mario Rossi', online: true });
    expect(listed.slice(1).every((entry) => !entry.online)).toBe(true);

    // Heartbeats keep it; silence past the TTL ends it.
    vi.setSystemTime(Date.now() + PRESENCE_TTL_MS - 5_000);
    expect((await heartbeat('mario.rossi')).status).toBe(204);
    vi.setSystemTime(Date.now() + PRESENCE_TTL_MS - 5_000);
    expect(await onlineUsers('dott.ferrari')).toEqual(['Mario Rossi']);
    vi.setSystemTime(Date.now() + 10_000);
    expect(await onlineUsers('dott.ferrari')).toEqual([]);
    expect(await otherOnline('dott.ferrari')).toBe(false);
    expect((await patientsOf(cuore)).find((entry) => entry.id === mario)?.online).toBe(false);

    // The physician is the patient's other party, likewise; leaving clears at once.
    expect((await heartbeat('dott.ferrari')).status).toBe(204);
    expect(await onlineUsers('mario.rossi')).toEqual(['Dott.ssa Anna Ferrari']);
    expect((await heartbeat('dott.ferrari', 'DELETE')).status).toBe(204);
    expect(await onlineUsers('mario.rossi')).toEqual([]);
  });

  it('lists online patients only of a project the physician runs', async () => {
    expect((await ctx.call('/api/conferences/onlinePatients/999999', 'dott.ferrari')).status).toBe(404);
    for (const user of ['mario.rossi', 'ospite', 'operatore'])
      expect((await ctx.call(`/api/conferences/onlinePatients/${cuore}`, user)).status).toBe(403);
    expect((await ctx.call('/api/conferences/onlinePatients/abc', 'dott.ferrari')).status).toBe(400);
    expect(await onlineUsers('ospite')).toEqual([]);
    expect((await heartbeat('mario.rossi', 'PUT')).status).toBe(204);
    expect((await ctx.call('/api/conferences/presence', null, { method: 'PUT' })).status).toBe(401);
  });
});
