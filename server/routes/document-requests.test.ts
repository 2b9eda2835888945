import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AvailableDelivery,
  CheckDelivery,
  DocumentRequest,
  PriceList,
  Quote,
  RequestLimits,
} from '../../src/contract';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';
import { documents } from '../db/schema';
import { courier, desk, documentsOf, fieldsOf, patientIdOf, post } from '../test/fixtures/document-requests';

describe.each(databaseTargets)('copy requests of reports on $name', ({ location }) => {
  let ctx: TestContext;
  let mario: number;
  let giulia: number;
  let marioDocs: { withStudies: number[]; plain: number[] };
  let giuliaDocs: { withStudies: number[]; plain: number[] };
  const reports = (items: unknown[], delivery = desk(), patientId = mario) => ({
    kind: 'REPORTS',
    patientId,
    items,
    delivery,
  });
  const item = (documentId: number, numCopies = 1, dicom = false) => ({
    documentId,
    document: true,
    dicom,
    numCopies,
  });

  beforeAll(async () => {
    ctx = await createTestContext(location);
    mario = await patientIdOf(ctx, 'mario.rossi');
    giulia = await patientIdOf(ctx, 'giulia.bianchi');
    marioDocs = await documentsOf(ctx, mario);
    giuliaDocs = await documentsOf(ctx, giulia);
    expect(marioDocs.withStudies.length).toBeGreaterThan(0);
    expect(marioDocs.plain.length).toBeGreaterThan(1);
  });
  afterAll(() => ctx.close());

  it('answers the delivery types, the supports of each, the limits and the prices', async () => {
    const available = v.parse(
      AvailableDelivery,
      await (await ctx.call('/api/documentRequest/availableDelivery', 'mario.rossi')).json(),
    );
    expect(available.deliveryTypes.map((entry) => entry.type)).toEqual(['DESK', 'COURIER', 'PAPER']);
    expect(available.deliveryTypes[0]?.modalities).toEqual(['SELF', 'DELEGATE']);
    const check = await ctx.call('/api/documentRequest/checkDelivery?selectedType=PAPER', 'mario.rossi');
    expect(v.parse(CheckDelivery, await check.json())).toMatchObject({
      imageSupports: ['DVD', 'DOSSIER'],
      requiresAddress: true,
      delegateAllowed: false,
    });
    const wrong = await ctx.call('/api/documentRequest/checkDelivery?selectedType=FAX', 'mario.rossi');
    expect(wrong.status).toBe(400);
    expect(await fieldsOf(wrong)).toEqual(['selectedType:invalid']);
    const limits = await ctx.call('/api/documentRequest/maxNumberOfCopiesAndCharacters', 'mario.rossi');
    expect(v.parse(RequestLimits, await limits.json())).toEqual({
      maxNumberOfCopies: 5,
      maxNumberOfCharacters: 60,
      maxNumberOfItems: 50,
    });
    const prices = v.parse(PriceList, await (await ctx.call('/api/priceList', 'mario.rossi')).json());
    expect(prices.deliveryFeeCents).toEqual({ PAPER: 500, COURIER: 1200, DESK: 0 });
    expect((await ctx.call('/api/priceList', null)).status).toBe(401);
  });

  it('prices on the server: per copy on paper and DVD, the courier fee, whatever the client says', async () => {
    const [first = 0] = marioDocs.plain;
    const [imaged = 0] = marioDocs.withStudies;
    const body = {
      ...reports([item(first, 2), item(imaged, 3, true)], { ...courier(), imageSupport: 'DVD' }),
      priceCents: 1,
    };
    const quote = v.parse(Quote, await (await post(ctx, 'quote', 'mario.rossi', body)).json());
    // 5 paper copies × 3.00 + 3 DVDs × 15.00 + courier 12.00
    expect(quote.priceCents).toBe(5 * 300 + 3 * 1500 + 1200);
    const created = await post(ctx, 'createRequest', 'mario.rossi', body);
    expect(created.status).toBe(201);
    const request = v.parse(DocumentRequest, await created.json());
    expect(request).toMatchObject({ status: 'SUBMITTED', priceCents: quote.priceCents, cancellable: true });
    expect(request.items[1]).toMatchObject({ documentId: imaged, dicom: true, numCopies: 3 });
    const electronic = await post(
      ctx,
      'quote',
      'mario.rossi',
      reports([item(first, 4)], desk({ documentSupport: 'DOSSIER' })),
    );
    expect(v.parse(Quote, await electronic.json()).priceCents).toBe(0);
  });

  it('refuses 0 copies, more than the limit, an entry with neither flag and images without support', async () => {
    const [first = 0, second = 0] = marioDocs.plain;
    const zero = await post(ctx, 'createRequest', 'mario.rossi', reports([item(first, 0)]));
    expect(zero.status).toBe(400);
    expect(await fieldsOf(zero)).toEqual(['items.0.numCopies:outOfRange']);
    const many = await post(ctx, 'createRequest', 'mario.rossi', reports([item(first, 1), item(second, 6)]));
    expect(await fieldsOf(many)).toEqual(['items.1.numCopies:outOfRange']);
    const none = await post(ctx, 'quote', 'mario.rossi', reports([{ ...item(first), document: false }]));
    expect(await fieldsOf(none)).toEqual(['items.0.document:required']);
    const [imaged = 0] = marioDocs.withStudies;
    const noSupport = await post(ctx, 'quote', 'mario.rossi', reports([item(imaged, 1, true)]));
    expect(await fieldsOf(noSupport)).toEqual(['delivery.imageSupport:required']);
    const byMail = await post(
      ctx,
      'quote',
      'mario.rossi',
      reports([item(imaged, 1, true)], { ...courier(), type: 'PAPER', imageSupport: 'USB' }),
    );
    expect(await fieldsOf(byMail)).toEqual(['delivery.imageSupport:invalid']);
    const plainImage = await post(
      ctx,
      'quote',
      'mario.rossi',
      reports([item(first, 1, true)], desk({ imageSupport: 'DVD' })),
    );
    expect(await fieldsOf(plainImage)).toEqual(['items.0.dicom:invalid']);
    const empty = await post(ctx, 'createRequest', 'mario.rossi', reports([]));
    expect(await fieldsOf(empty)).toEqual(['items:required']);
  });

  it('needs the delegate, the courier address and contacts, and valid e-mails and lengths', async () => {
    const [first = 0] = marioDocs.plain;
    const delegate = await post(
      ctx,
      'quote',
      'mario.rossi',
      reports([item(first)], desk({ modality: 'DELEGATE' })),
    );
    expect(await fieldsOf(delegate)).toEqual(['delivery.info.delegated:required']);
    const partial = desk({ modality: 'DELEGATE' });
    partial.info.delegated = { surname: 'Bianchi', name: '', document: null, documentNumber: 'AB' };
    expect(await fieldsOf(await post(ctx, 'quote', 'mario.rossi', reports([item(first)], partial)))).toEqual([
      'delivery.info.delegated.name:required',
      'delivery.info.delegated.document:required',
      'delivery.info.delegated.documentNumber:invalid',
    ]);
    const byCourier = { ...courier({ address: '', zip: '2012', email: '' }), modality: 'DELEGATE' as const };
    byCourier.info.delegated = { surname: 'B', name: 'C', document: 'PASSPORT', documentNumber: 'YA1234567' };
    expect(
      await fieldsOf(await post(ctx, 'quote', 'mario.rossi', reports([item(first)], byCourier))),
    ).toEqual([
      'delivery.info.address:required',
      'delivery.info.zip:invalid',
      'delivery.info.email:required',
      'delivery.modality:invalid',
    ]);
    const badEmail = await post(
      ctx,
      'quote',
      'mario.rossi',
      reports([item(first)], courier({ email: 'mario@' })),
    );
    expect(await fieldsOf(badEmail)).toEqual(['delivery.info.email:invalidEmail']);
    const pdf = await post(
      ctx,
      'quote',
      'mario.rossi',
      reports([item(first)], desk({ documentSupport: 'PDF' })),
    );
    expect(await fieldsOf(pdf)).toEqual(['delivery.info.email:required']);
    const long = await post(
      ctx,
      'quote',
      'mario.rossi',
      reports([item(first)], courier({ city: 'M'.repeat(61) })),
    );
    expect(await fieldsOf(long)).toEqual(['delivery.info.city:tooLong']);
    const ok = desk({ modality: 'DELEGATE' });
    ok.info.delegated = {
      surname: 'Bianchi',
      name: 'Anna',
      document: 'IDENTITY_CARD',
      documentNumber: 'CA12345BB',
    };
    expect((await post(ctx, 'createRequest', 'mario.rossi', reports([item(first)], ok))).status).toBe(201);
  });

  it("refuses someone else's document, a duplicate and an obscured one for staff", async () => {
    const [first = 0] = marioDocs.plain;
    const [foreign = 0] = giuliaDocs.plain;
    const other = await post(ctx, 'createRequest', 'mario.rossi', reports([item(first), item(foreign)]));
    expect(other.status).toBe(400);
    expect(await fieldsOf(other)).toEqual(['items.1.documentId:invalid']);
    const twice = await post(ctx, 'quote', 'mario.rossi', reports([item(first), item(first)]));
    expect(await fieldsOf(twice)).toEqual(['items.0.documentId:invalid', 'items.1.documentId:invalid']);
    const hidden = marioDocs.plain[1] ?? 0;
    await ctx.db
      .update(documents)
      .set({ obscuring: { general: true } })
      .where(eq(documents.id, hidden));
    const staff = await post(ctx, 'quote', 'dott.ferrari', reports([item(hidden)]));
    expect(await fieldsOf(staff)).toEqual(['items.0.documentId:invalid']);
    // The patient still sees (and may order) what they hid from others.
    expect((await post(ctx, 'quote', 'mario.rossi', reports([item(hidden)]))).status).toBe(200);
    await ctx.db.update(documents).set({ obscuring: {} }).where(eq(documents.id, hidden));
  });

  it('lets the patient, the physician and the operator request; not the admin, the guest or another patient', async () => {
    const [first = 0] = marioDocs.plain;
    const body = reports([item(first)]);
    expect((await post(ctx, 'createRequest', 'operatore', body)).status).toBe(201);
    expect((await post(ctx, 'createRequest', 'dott.ferrari', body)).status).toBe(201);
    for (const refused of ['admin', 'ospite', 'giulia.bianchi']) {
      const response = await post(ctx, 'createRequest', refused, body);
      expect(response.status, refused).toBe(403);
    }
    // Luca gave no dossier consent: staff cannot act for him.
    const luca = giulia + 1;
    const forLuca = await post(ctx, 'quote', 'operatore', reports([item(first)], desk(), luca));
    expect(((await forLuca.json()) as { code: string }).code).toBe('DOSSIER_NOT_AUTHORIZED');
  });
});
