import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Patient, PatientList } from '../../src/contract';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';

describe.each(databaseTargets)('patient search, favourites and import on $name', ({ location }) => {
  let ctx: TestContext;
  let mario: Patient;
  const json = (body: unknown, method = 'POST'): RequestInit => ({
    method,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const list = async (path: string, username: string): Promise<PatientList> => {
    const response = await ctx.call(path, username);
    expect(response.status).toBe(200);
    return v.parse(PatientList, await response.json());
  };
  beforeAll(async () => {
    ctx = await createTestContext(location);
    const me = (await (await ctx.call('/api/me', 'mario.rossi')).json()) as { patientId: number };
    mario = v.parse(Patient, await (await ctx.call(`/api/patients/${me.patientId}`, 'mario.rossi')).json());
  });
  afterAll(() => ctx.close());

  it('finds a person by exact fiscal code, by surname+name+birth date, and by person identifier', async () => {
    const byCode = await list('/api/patients/mepiSearch?fiscalCode=rssmra85t10f205r', 'dott.ferrari');
    expect(byCode.patients.map((patient) => patient.mepiId)).toEqual([mario.mepiId]);
    const partialCode = await list('/api/patients/mepiSearch?fiscalCode=RSSMRA85T10F205X', 'dott.ferrari');
    expect(partialCode.paging.totalCount).toBe(0);
    const byIdentity = await list(
      '/api/patients/mepiSearch?surname=ROSSI&name=mar&birthDate=1985-12-10',
      'operatore',
    );
    expect(byIdentity.patients.map((patient) => patient.mepiId)).toEqual([mario.mepiId]);
    const mpi = mario.personIdentifiers.find((identifier) => identifier.type === 'MPI');
    const byIdentifier = await list(
      `/api/patients/mepiSearch?identifierType=MPI&identifierValue=${mpi?.value}`,
      'admin',
    );
    expect(byIdentifier.patients.map((patient) => patient.mepiId)).toEqual([mario.mepiId]);
  });

  it('asks for a complete way of identifying the person, and keeps the search to staff', async () => {
    const none = await ctx.call('/api/patients/mepiSearch', 'dott.ferrari');
    expect(none.status).toBe(400);
    expect(await none.json()).toMatchObject({ fields: [{ field: 'fiscalCode', code: 'required' }] });
    const partial = await ctx.call('/api/patients/mepiSearch?surname=Rossi', 'dott.ferrari');
    const fields = ((await partial.json()) as { fields: { field: string }[] }).fields.map((f) => f.field);
    expect(fields.sort()).toEqual(['birthDate', 'name']);
    const identifier = await ctx.call('/api/patients/mepiSearch?identifierType=MPI', 'dott.ferrari');
    expect(await identifier.json()).toMatchObject({
      fields: [{ field: 'identifierValue', code: 'required' }],
    });
    expect(
      (await ctx.call('/api/patients/mepiSearch?fiscalCode=RSSMRA85T10F205R', 'mario.rossi')).status,
    ).toBe(403);
  });

  it('toggles a favourite idempotently, per user, and lists the favourites', async () => {
    const luca = (
      await list('/api/patients/mepiSearch?surname=Verdi&name=Luca&birthDate=1978-07-02', 'admin')
    ).patients[0];
    if (!luca) throw new Error('seeded patient missing');
    const before = await list('/api/patients?favorites=true&max=100', 'dott.ferrari');
    expect(before.patients.every((patient) => patient.favorite)).toBe(true);
    expect(before.paging.totalCount).toBe(4);
    // Luca has no dossier consent: a bookmark reads nothing, so it is allowed and the list shows him.
    for (let repeat = 0; repeat < 2; repeat++) {
      const put = await ctx.call(
        `/api/patients/${luca.mepiId}/favorites`,
        'dott.ferrari',
        json({ favorite: true }, 'PUT'),
      );
      expect(await put.json()).toEqual({ favorite: true });
    }
    const added = await list('/api/patients?favorites=true&max=100', 'dott.ferrari');
    expect(added.patients.map((patient) => patient.mepiId)).toContain(luca.mepiId);
    expect(added.paging.totalCount).toBe(5);
    expect((await list('/api/patients?favorites=true', 'operatore')).paging.totalCount).toBe(0);
    const off = await ctx.call(
      `/api/patients/${luca.mepiId}/favorites`,
      'dott.ferrari',
      json({ favorite: false }, 'PUT'),
    );
    expect(await off.json()).toEqual({ favorite: false });
    expect((await list('/api/patients?favorites=true', 'dott.ferrari')).paging.totalCount).toBe(4);
  });

  it('refuses favourites to patients, unknown patients and malformed bodies', async () => {
    const url = `/api/patients/${mario.mepiId}/favorites`;
    expect((await ctx.call(url, 'mario.rossi', json({ favorite: true }, 'PUT'))).status).toBe(403);
    expect(
      (await ctx.call('/api/patients/999999/favorites', 'dott.ferrari', json({ favorite: true }, 'PUT')))
        .status,
    ).toBe(404);
    const bad = await ctx.call(url, 'dott.ferrari', json({ favorite: 'yes' }, 'PUT'));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ fields: [{ field: 'favorite', code: 'invalid' }] });
  });

  it('imports a new patient, with null fields dropped, then updates it by fiscal code', async () => {
    const { mepiId: _id, favorite: _favorite, positionStatus: _status, ...record } = mario;
    const created = await ctx.call(
      '/api/patients/import',
      'operatore',
      json({
        ...record,
        masterId: 'EXT-0001',
        name: 'Laura',
        surname: 'Bianchini',
        fiscalCode: 'BNCLRA90A41H501X',
        personIdentifiers: [{ type: 'EXT', value: 'A-1' }],
        middleName: null,
        death: null,
        contacts: { ...record.contacts, email2: null, fax: null },
      }),
    );
    expect(created.status).toBe(201);
    const patient = v.parse(Patient, await created.json());
    expect(patient).toMatchObject({
      name: 'Laura',
      middleName: null,
      positionStatus: { alive: true, merged: false },
    });

    // The client drops null fields: the same record without them is still complete.
    const { middleName: _middle, death: _death, domicile: _domicile, ...withoutNulls } = record;
    const updated = await ctx.call(
      '/api/patients/import',
      'admin',
      json({
        ...withoutNulls,
        masterId: 'EXT-0001',
        name: 'Laura',
        surname: 'Bianchi-Neri',
        fiscalCode: 'bnclra90a41h501x',
      }),
    );
    expect(updated.status).toBe(200);
    expect(v.parse(Patient, await updated.json())).toMatchObject({
      mepiId: patient.mepiId,
      surname: 'Bianchi-Neri',
      domicile: null,
    });
    const found = await list(
      '/api/patients/mepiSearch?identifierType=CF&identifierValue=RSSMRA85T10F205R',
      'admin',
    );
    expect(found.paging.totalCount).toBe(2);
  });

  it('validates the import naming the fields, refuses physicians, and a master id of someone else', async () => {
    const { mepiId: _id, favorite: _favorite, ...record } = mario;
    const invalid = await ctx.call(
      '/api/patients/import',
      'admin',
      json({
        ...record,
        name: undefined,
        fiscalCode: 'BNCLRA90A41H501Y',
        contacts: { email: 'not-an-email' },
      }),
    );
    expect(invalid.status).toBe(400);
    const body = (await invalid.json()) as { fields: { field: string; code: string }[] };
    expect(body.fields).toEqual(
      expect.arrayContaining([
        { field: 'name', code: 'required' },
        { field: 'contacts.email', code: 'invalid' },
      ]),
    );
    expect(JSON.stringify(body)).not.toContain('not-an-email');
    const physician = await ctx.call(
      '/api/patients/import',
      'dott.ferrari',
      json({ ...record, fiscalCode: 'BNCLRA90A41H501Y' }),
    );
    expect(physician.status).toBe(403);
    const clash = await ctx.call(
      '/api/patients/import',
      'admin',
      json({ ...record, fiscalCode: 'BNCLRA90A41H501Y' }),
    );
    expect(clash.status).toBe(400);
    expect(await clash.json()).toMatchObject({ fields: [{ field: 'masterId', code: 'invalid' }] });
    const notJson = await ctx.call('/api/patients/import', 'admin', { method: 'POST', body: 'nope' });
    expect(notJson.status).toBe(400);
  });
});
