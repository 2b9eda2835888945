import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CanCreateConference, ConferenceList, ConferenceShow, Notifications } from '../../src/contract';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';
import { conferences } from '../db/schema';
import { json, patientIdOf, userNamed } from '../test/fixtures/consents';
import { readLive } from '../test/live';

describe.each(databaseTargets)('conferences on $name', ({ location }) => {
  let ctx: TestContext;
  let mario: number;
  const status = async (response: Response): Promise<[number, string | null]> => [
    response.status,
    response.status === 204 ? null : (((await response.json()) as { code?: string }).code ?? 'ok'),
  ];
  const request = (patientId: number, user = 'dott.ferrari') =>
    ctx.call(`/api/conferences/request/${patientId}`, user, { method: 'POST' });
  const reject = (id: number, body: unknown, user = 'mario.rossi') =>
    ctx.call(`/api/conferences/${id}/reject`, user, json('PUT', body));
  const accept = (id: number, user = 'mario.rossi') =>
    ctx.call(`/api/conferences/${id}/accept`, user, { method: 'PUT' });
  const list = async (user: string, scope: 'active' | 'past' = 'active') =>
    v.parse(ConferenceList, await (await ctx.call(`/api/conferences?scope=${scope}`, user)).json());
  const pending = async (user: string) =>
    v.parse(Notifications, await (await ctx.call('/api/notifications', user)).json()).conferences;

  beforeAll(async () => {
    ctx = await createTestContext(location);
    // These tests count and list from a clean slate, without the demo's accepted conference.
    await ctx.db.delete(conferences);
    mario = await patientIdOf(ctx, 'mario.rossi');
  }, 60_000);
  afterAll(() => ctx.close());

  it('lets a physician of the care team request a call, and nobody else', async () => {
    const can = async (user: string, patientId = mario) =>
      v.parse(
        CanCreateConference,
        await (await ctx.call(`/api/conferences/canUserCreateConference/${patientId}`, user)).json(),
      );
    expect(await can('dott.ferrari')).toEqual({ canUserCreateConference: true, message: null });
    for (const user of ['mario.rossi', 'ospite', 'operatore', 'admin'])
      expect((await can(user)).canUserCreateConference).toBe(false);
    // An unknown patient answers as one outside the care team: nothing is revealed.
    const unknown = await can('dott.ferrari', 999_999);
    expect(unknown).toEqual({
      canUserCreateConference: false,
      message: 'Non puoi richiedere una videoconferenza con questo paziente',
    });
    expect((await ctx.call('/api/conferences/canUserCreateConference/0', 'dott.ferrari')).status).toBe(400);
    expect(await status(await request(999_999))).toEqual([403, 'CONFERENCE_NOT_ALLOWED']);
    for (const user of ['mario.rossi', 'ospite', 'operatore'])
      expect(await status(await request(mario, user))).toEqual([403, 'ACCESS_DENIED']);
    expect((await list('dott.ferrari')).canInvite.canUserCreateConference).toBe(true);
    const patientSide = await list('mario.rossi');
    expect(patientSide.canInvite).toEqual({
      canUserCreateConference: false,
      message: 'Solo i medici possono richiedere una videoconferenza',
    });
  });

  it('keeps one open request per pair, even 25 at once, and tells the patient live', async () => {
    const live = readLive(await ctx.call('/api/live', 'mario.rossi'));
    await live.next('ready');
    const answers = await Promise.all(Array.from({ length: 25 }, () => request(mario)));
    const codes = await Promise.all(answers.map(status));
    expect(codes.filter(([code]) => code === 201)).toHaveLength(1);
    expect(codes.filter(([code, c]) => code === 409 && c === 'CONFERENCE_ALREADY_REQUESTED')).toHaveLength(
      24,
    );
    expect(JSON.parse((await live.next('change')).data).topics).toEqual(['conferences']);
    live.close();
    expect(await pending('mario.rossi')).toBe(1);
    expect(await pending('dott.ferrari')).toBe(0);
    const [invited] = (await list('mario.rossi')).conferences;
    expect(invited).toMatchObject({ state: 'INVITED', canAnswer: true, canJoin: false });
    expect(invited?.requester.displayName).toContain('Ferrari');
    const [asked] = (await list('dott.ferrari')).conferences;
    expect(asked).toMatchObject({ id: invited?.id, canAnswer: false });
  });

  it('refuses a rejection without a reason, and only the invited patient answers', async () => {
    const [invited] = (await list('mario.rossi')).conferences;
    const id = invited?.id ?? 0;
    for (const body of [{}, { message: '' }, { message: '   ' }, { message: 7 }]) {
      const response = await reject(id, body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { fields: unknown[] }).fields).toEqual([
        { field: 'message', code: body.message === 7 ? 'invalid' : 'required' },
      ]);
    }
    const tooLong = await reject(id, { message: 'x'.repeat(501) });
    expect(((await tooLong.json()) as { fields: unknown[] }).fields).toEqual([
      { field: 'message', code: 'tooLong' },
    ]);
    for (const user of ['dott.ferrari', 'ospite', 'giulia.bianchi'])
      expect(await status(await reject(id, { message: 'No' }, user))).toEqual([404, 'NOT_FOUND']);
    expect(await status(await accept(id, 'ospite'))).toEqual([404, 'NOT_FOUND']);

    const live = readLive(await ctx.call('/api/live', 'dott.ferrari'));
    await live.next('ready');
    expect((await reject(id, { message: '  Sono in viaggio  ' })).status).toBe(204);
    expect(JSON.parse((await live.next('change')).data).topics).toEqual(['conferences']);
    live.close();
    expect(await status(await accept(id))).toEqual([409, 'CONFERENCE_ALREADY_ANSWERED']);
    const [past] = (await list('dott.ferrari', 'past')).conferences;
    expect(past).toMatchObject({ id, state: 'REJECTED', rejectionReason: 'Sono in viaggio' });
    expect(await pending('mario.rossi')).toBe(0);
    expect((await list('mario.rossi')).conferences).toHaveLength(0);
  });

  it('shows an accepted call to its two parties only, in the portal or in the configured room', async () => {
    expect((await request(mario)).status).toBe(201);
    const [invited] = (await list('mario.rossi')).conferences;
    const id = invited?.id ?? 0;
    const show = (user: string, app = ctx) => app.call(`/api/conferences/${id}/show`, user);
    expect(await status(await show('mario.rossi'))).toEqual([409, 'CONFERENCE_NOT_ACTIVE']);
    // Two answers at once: one wins.
    const answers = await Promise.all([accept(id), accept(id), accept(id)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([204, 409, 409]);
    const [row] = (await list('mario.rossi')).conferences;
    expect(row).toMatchObject({ id, state: 'ACCEPTED', canJoin: true, canAnswer: false });
    for (const user of ['mario.rossi', 'dott.ferrari'])
      expect(v.parse(ConferenceShow, await (await show(user)).json())).toEqual({
        url: `/videoconference/${id}/call`,
      });
    for (const user of ['giulia.bianchi', 'ospite', 'operatore', 'admin'])
      expect(await status(await show(user))).toEqual([404, 'NOT_FOUND']);

    const external = await createTestContext(location, {
      videoUrlTemplate: 'https://meet.example.org/{room}',
    });
    try {
      const ferrari = await userNamed(ctx, 'dott.ferrari');
      const marioUser = await userNamed(ctx, 'mario.rossi');
      const [made] = await external.db
        .insert(conferences)
        .values({
          patientId: mario,
          requestedByUserId: ferrari.id,
          inviteeUserId: marioUser.id,
          room: 'room-Abc_123',
          state: 'ACCEPTED',
        })
        .returning({ id: conferences.id });
      const reply = await external.call(`/api/conferences/${made?.id}/show`, 'mario.rossi');
      expect(await reply.json()).toEqual({ url: 'https://meet.example.org/room-Abc_123' });
    } finally {
      await external.close();
    }
  });

  it('limits a physician to 30 requests an hour', async () => {
    const ferrari = await userNamed(ctx, 'dott.ferrari');
    const marioUser = await userNamed(ctx, 'mario.rossi');
    await ctx.db.delete(conferences);
    await ctx.db.insert(conferences).values(
      Array.from({ length: 30 }, (_, index) => ({
        patientId: mario,
        requestedByUserId: ferrari.id,
        inviteeUserId: marioUser.id,
        room: `limit-${index}`,
        state: 'REJECTED',
        rejectionReason: 'No',
      })),
    );
    const response = await request(mario);
    expect(await status(response)).toEqual([429, 'RATE_LIMITED']);
    expect(response.headers.get('Retry-After')).toBe('3600');
  });
});
