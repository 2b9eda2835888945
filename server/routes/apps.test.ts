import { and, eq, isNull } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppRegistered, ConnectedApps, RegisteredApps } from '../../src/contract';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';
import { fhirAudienceOf } from '../config';
import { auditLog, guests, oidcPayloads, smartApps, users } from '../db/schema';
import { connectedAppId } from '../services/apps/connected';
import { insertAppGrant } from '../test/fixtures/smart';

const json = (method: string, body: unknown): RequestInit => ({
  method,
  body: JSON.stringify(body),
  headers: { 'Content-Type': 'application/json' },
});

describe.each(databaseTargets)('registered and connected apps on $name', ({ location }) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(location);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const register = (body: unknown, username = 'admin') =>
    ctx.call('/api/admin/apps', username, json('POST', body));
  const userOf = async (username: string) => {
    const [user] = await ctx.db.select().from(users).where(eq(users.username, username));
    if (!user) throw new Error(username);
    return user;
  };

  describe('registration by an administrator', () => {
    it('registers a public app and lists it', async () => {
      const response = await register({
        name: 'Pressione Facile',
        redirectUris: ['https://pressione.example/cb'],
        confidential: false,
      });
      expect(response.status).toBe(201);
      const registered = v.parse(AppRegistered, await response.json());
      expect(registered.clientSecret).toBeNull();
      expect(registered.app.clientId).toMatch(/^app_/);
      const list = v.parse(RegisteredApps, await (await ctx.call('/api/admin/apps', 'admin')).json());
      expect(list.items.map((app) => app.name)).toContain('Pressione Facile');
    });

    it("answers a confidential app's secret once, and keeps it for the provider only", async () => {
      const response = await register({
        name: 'Studio Clinico',
        redirectUris: ['http://localhost:3000/cb'],
        confidential: true,
      });
      const registered = v.parse(AppRegistered, await response.json());
      expect(registered.clientSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const listed = await (await ctx.call('/api/admin/apps', 'admin')).text();
      expect(listed).not.toContain(registered.clientSecret ?? 'x');
    });

    it('refuses a name taken (whatever its case), with the field', async () => {
      await register({ name: 'Diario Unico', redirectUris: ['https://a.example/cb'], confidential: false });
      const again = await register({
        name: 'diario unico',
        redirectUris: ['https://b.example/cb'],
        confidential: false,
      });
      expect(again.status).toBe(400);
      expect((await again.json()).fields).toEqual([{ field: 'name', code: 'taken' }]);
    });

    it('takes one of two registrations of one name made at once', async () => {
      const body = { name: 'Gemelli', redirectUris: ['https://g.example/cb'], confidential: false };
      const answers = await Promise.all([register(body), register(body), register(body)]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 400, 400]);
    });

    it.each([
      ['no name', { name: ' ', redirectUris: ['https://a.example/cb'], confidential: false }, 'name'],
      [
        'plain http elsewhere',
        { name: 'X1', redirectUris: ['http://app.example/cb'], confidential: false },
        'redirectUris.0',
      ],
      [
        'a fragment',
        { name: 'X2', redirectUris: ['https://a.example/cb#x'], confidential: false },
        'redirectUris.0',
      ],
      [
        'a wildcard host',
        { name: 'X3', redirectUris: ['https://*.example/cb'], confidential: false },
        'redirectUris.0',
      ],
      ['no redirect', { name: 'X4', redirectUris: [], confidential: false }, 'redirectUris'],
      ['no kind', { name: 'X5', redirectUris: ['https://a.example/cb'] }, 'confidential'],
    ])('answers 400 with the field for %s', async (_label, body, field) => {
      const response = await register(body);
      expect(response.status).toBe(400);
      const reply = (await response.json()) as { fields: { field: string }[] };
      expect(reply.fields.map((error) => error.field)).toContain(field);
    });

    it('is for administrators only', async () => {
      for (const username of ['mario.rossi', 'dott.ferrari', 'operatore', 'ospite']) {
        expect((await ctx.call('/api/admin/apps', username)).status).toBe(403);
        expect(
          (
            await register(
              { name: `Y ${username}`, redirectUris: ['https://a.example/cb'], confidential: false },
              username,
            )
          ).status,
        ).toBe(403);
      }
    });

    it('disables an app: its grants end with it', async () => {
      const registered = v.parse(
        AppRegistered,
        await (
          await register({
            name: 'Da Spegnere',
            redirectUris: ['https://off.example/cb'],
            confidential: false,
          })
        ).json(),
      );
      const mario = await userOf('mario.rossi');
      const grantId = await insertAppGrant(ctx.db, {
        clientId: registered.app.clientId,
        account: mario.subject,
        patientId: mario.patientId ?? 0,
        audience: fhirAudienceOf(ctx.config),
      });
      expect((await ctx.call('/api/admin/apps/abc/disable', 'admin', { method: 'POST' })).status).toBe(400);
      expect((await ctx.call('/api/admin/apps/999999/disable', 'admin', { method: 'POST' })).status).toBe(
        404,
      );
      expect(
        (await ctx.call(`/api/admin/apps/${registered.app.id}/disable`, 'mario.rossi', { method: 'POST' }))
          .status,
      ).toBe(403);
      const disabled = await ctx.call(`/api/admin/apps/${registered.app.id}/disable`, 'admin', {
        method: 'POST',
      });
      expect(disabled.status).toBe(200);
      expect(((await disabled.json()) as { disabledAt: string | null }).disabledAt).not.toBeNull();
      const left = await ctx.db
        .select()
        .from(oidcPayloads)
        .where(and(eq(oidcPayloads.type, 'Grant'), eq(oidcPayloads.id, grantId)));
      expect(left).toHaveLength(0);
    });
  });

  describe("a user's connected apps", () => {
    let clientId: string;
    beforeAll(async () => {
      const registered = v.parse(
        AppRegistered,
        await (
          await register({
            name: 'Diario Salute Test',
            redirectUris: ['http://localhost:9876/cb'],
            confidential: false,
          })
        ).json(),
      );
      clientId = registered.app.clientId;
    });

    it('lists what each app reads, whose dossier, its last access and its reads', async () => {
      const mario = await userOf('mario.rossi');
      const patientId = mario.patientId ?? 0;
      const grantId = await insertAppGrant(ctx.db, {
        clientId,
        account: mario.subject,
        patientId,
        audience: fhirAudienceOf(ctx.config),
        scope: 'patient/Observation.rs patient/DocumentReference.read',
      });
      const row = {
        userId: mario.id,
        userRole: 'PAT',
        userName: mario.displayName,
        accessTitle: 'SELF',
        patientId,
        activity: 'FHIR_READ',
        outcome: 'ALLOWED',
      };
      await ctx.db.insert(auditLog).values([
        { ...row, appName: 'Diario Salute Test', at: new Date('2026-12-01T10:00:00Z') },
        { ...row, appName: 'Diario Salute Test', at: new Date('2026-12-02T10:00:00Z') },
        { ...row, appName: 'Altra App' },
        { ...row, appName: null },
      ]);
      const listed = await ctx.call('/api/security/apps', 'mario.rossi');
      if (listed.status !== 200) console.log(ctx.logLines.slice(-3));
      const list = v.parse(ConnectedApps, await listed.json());
      const item = list.items.find((app) => app.id === connectedAppId(grantId));
      expect(item).toMatchObject({
        name: 'Diario Salute Test',
        patient: { id: patientId },
        resources: ['Observation', 'DocumentReference'],
        offline: true,
        reads: 2,
        lastAccessAt: '2026-12-02T10:00:00.000Z',
      });
      const other = v.parse(
        ConnectedApps,
        await (await ctx.call('/api/security/apps', 'giulia.bianchi')).json(),
      );
      expect(other.items).toEqual([]);
    });

    it("shows a guest the apps of each of their patients, read as the guest's account", async () => {
      const guest = await userOf('ospite');
      await insertAppGrant(ctx.db, {
        clientId,
        account: `${guest.subject}#g1`,
        patientId: guest.patientId ?? 0,
        audience: fhirAudienceOf(ctx.config),
      });
      const list = v.parse(ConnectedApps, await (await ctx.call('/api/security/apps', 'ospite')).json());
      expect(list.items.map((app) => app.patient.id)).toEqual([guest.patientId]);
      expect(list.items[0]?.resources).toEqual(['*']);
    });

    it("ends a guest's app grants when the patient revokes the guest", async () => {
      const guest = await userOf('ospite');
      const [grant] = await ctx.db
        .select({ id: guests.id })
        .from(guests)
        .where(and(eq(guests.guestUserId, guest.id), isNull(guests.revokedAt)));
      const grantId = await insertAppGrant(ctx.db, {
        clientId,
        account: `${guest.subject}#g${grant?.id}`,
        patientId: guest.patientId ?? 0,
        audience: fhirAudienceOf(ctx.config),
      });
      const other = await insertAppGrant(ctx.db, {
        clientId,
        account: `${guest.subject}#g${(grant?.id ?? 0) * 10 + 1}`,
        patientId: guest.patientId ?? 0,
        audience: fhirAudienceOf(ctx.config),
      });
      try {
        expect((await ctx.call(`/api/guests/${grant?.id}`, 'mario.rossi', { method: 'DELETE' })).status).toBe(
          200,
        );
        expect(await ctx.db.select().from(oidcPayloads).where(eq(oidcPayloads.id, grantId))).toHaveLength(0);
        expect(await ctx.db.select().from(oidcPayloads).where(eq(oidcPayloads.id, other))).toHaveLength(1);
      } finally {
        await ctx.db
          .update(guests)
          .set({ revokedAt: null })
          .where(eq(guests.id, grant?.id ?? 0));
      }
    });

    it("revokes one's own, and answers 404 for anyone else's id", async () => {
      const mario = await userOf('mario.rossi');
      const grantId = await insertAppGrant(ctx.db, {
        clientId,
        account: mario.subject,
        patientId: mario.patientId ?? 0,
        audience: fhirAudienceOf(ctx.config),
      });
      const id = connectedAppId(grantId);
      expect(
        (await ctx.call(`/api/security/apps/${id}`, 'giulia.bianchi', { method: 'DELETE' })).status,
      ).toBe(404);
      expect((await ctx.call(`/api/security/apps/${id}`, 'ospite', { method: 'DELETE' })).status).toBe(404);
      expect(
        (await ctx.call('/api/security/apps/not-an-id', 'mario.rossi', { method: 'DELETE' })).status,
      ).toBe(400);
      expect((await ctx.call(`/api/security/apps/${id}`, 'mario.rossi', { method: 'DELETE' })).status).toBe(
        204,
      );
      expect((await ctx.call(`/api/security/apps/${id}`, 'mario.rossi', { method: 'DELETE' })).status).toBe(
        404,
      );
      const left = await ctx.db.select().from(oidcPayloads).where(eq(oidcPayloads.grantId, grantId));
      expect(left).toHaveLength(0);
      // The revocation is the patient's, in their history with the app's name; staff do not see it.
      const history = async (username: string) =>
        (
          (await (
            await ctx.call(`/api/trackingPatientHistory/${mario.patientId}?includeOwn=true`, username)
          ).json()) as { items: { treatmentType: string; treatmentDesc: string }[] }
        ).items.filter((item) => item.treatmentType === 'APP_REVOKE');
      expect((await history('mario.rossi')).map((item) => item.treatmentDesc)).toEqual([
        "Revoca dell'accesso di un'app: «Diario Salute Test»",
      ]);
      expect(await history('dott.ferrari')).toEqual([]);
    });

    it('leaves out the grants of a disabled app', async () => {
      const mario = await userOf('mario.rossi');
      await ctx.db.update(smartApps).set({ disabledAt: new Date() }).where(eq(smartApps.clientId, clientId));
      const list = v.parse(ConnectedApps, await (await ctx.call('/api/security/apps', 'mario.rossi')).json());
      expect(
        list.items.filter((app) => app.patient.id === mario.patientId && app.name === 'Diario Salute Test'),
      ).toEqual([]);
    });
  });
});
