/**
 * Demo admissions and copy requests. Mario Rossi (the first patient) has four admissions, the oldest
 * already held by a submitted medical-record request, so the portal's "already associated" refusal can be
 * seen; his archive also shows a completed and a cancelled report request.
 */
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Delivery, RequestItem } from '../../../src/contract';
import type { Database } from '../client';
import {
  documentRequestHospitalizations,
  documentRequests,
  documents,
  hospitalizations,
  patients,
  units,
} from '../schema';

interface Stay {
  regime: 'O' | 'DH' | 'DS';
  admitted: string;
  days: number;
}

/** Mario's admissions, oldest first; other patients get the first one or two of them, shifted. */
const marioStays: readonly Stay[] = [
  { regime: 'O', admitted: '2023-03-14T09:30:00+01:00', days: 6 },
  { regime: 'DH', admitted: '2024-06-03T08:00:00+02:00', days: 0 },
  { regime: 'DS', admitted: '2025-02-19T07:45:00+01:00', days: 1 },
  { regime: 'O', admitted: '2026-09-08T11:15:00+02:00', days: 4 },
];
const dayMs = 24 * 3600 * 1000;

const deskDelivery: Delivery = {
  type: 'DESK',
  modality: 'SELF',
  documentSupport: 'PAPER',
  imageSupport: null,
  info: {
    surname: 'Rossi',
    name: 'Mario',
    address: '',
    addressNumber: '',
    zip: '',
    city: '',
    province: '',
    mobile: '+39 333 1000001',
    email: '',
    delegated: null,
  },
};

export async function seedHospitalizations(db: Database): Promise<void> {
  const patientRows = await db
    .select({ id: patients.mepiId })
    .from(patients)
    .orderBy(asc(patients.mepiId))
    .limit(10);
  // Wards that admit patients (not the laboratory, radiology or the emergency department).
  const unitRows = await db
    .select({ id: units.id, name: units.name })
    .from(units)
    .where(inArray(units.code, ['CARD', 'MED', 'ORT', 'NEU', 'ONC']))
    .orderBy(asc(units.id));
  if (patientRows.length === 0 || unitRows.length === 0) return;
  let serial = 1000;
  const rows = patientRows.flatMap((patient, index) => {
    const stays = index === 0 ? marioStays : marioStays.slice(0, 1 + (index % 2));
    return stays.map((stay, order) => {
      const admittedAt = new Date(Date.parse(stay.admitted) + index * 17 * dayMs);
      serial += 1;
      return {
        code: `${admittedAt.getUTCFullYear()}/${stay.regime}/${String(serial).padStart(6, '0')}`,
        patientId: patient.id,
        unitId: unitRows[(index + order) % unitRows.length]?.id ?? 0,
        regime: stay.regime,
        admittedAt,
        dischargedAt: new Date(admittedAt.getTime() + stay.days * dayMs + 3 * 3600 * 1000),
      };
    });
  });
  const stays = await db.insert(hospitalizations).values(rows).returning();
  const mario = patientRows[0]?.id ?? 0;
  const oldest = stays.find((stay) => stay.patientId === mario);
  if (!oldest) return;
  const unitName = unitRows.find((unit) => unit.id === oldest.unitId)?.name ?? '';

  const held: RequestItem = {
    documentId: null,
    hospitalizationId: oldest.id,
    title: `${oldest.code} · ${unitName}`,
    document: true,
    dicom: false,
    numCopies: 1,
    date: oldest.admittedAt.toISOString(),
  };
  const [submitted] = await db
    .insert(documentRequests)
    .values({
      patientId: mario,
      kind: 'MEDICAL_RECORDS',
      status: 'SUBMITTED',
      items: [held],
      delivery: deskDelivery,
      priceCents: 2500,
      createdAt: new Date('2026-10-02T10:20:00+02:00'),
      updatedAt: new Date('2026-10-02T10:20:00+02:00'),
    })
    .returning({ id: documentRequests.id });
  if (submitted)
    await db
      .insert(documentRequestHospitalizations)
      .values({ hospitalizationId: oldest.id, requestId: submitted.id });

  const reports = await db
    .select({ id: documents.id, title: documents.title, createdAt: documents.createdAt })
    .from(documents)
    .where(and(eq(documents.patientId, mario), eq(documents.superseded, false), isNotNull(documents.title)))
    .orderBy(asc(documents.createdAt))
    .limit(2);
  const reportItems = reports.map(
    (report): RequestItem => ({
      documentId: report.id,
      hospitalizationId: null,
      title: report.title,
      document: true,
      dicom: false,
      numCopies: 1,
      date: report.createdAt.toISOString(),
    }),
  );
  if (reportItems.length === 0) return;
  await db.insert(documentRequests).values([
    {
      patientId: mario,
      kind: 'REPORTS',
      status: 'COMPLETED',
      items: reportItems,
      delivery: deskDelivery,
      priceCents: 300 * reportItems.length,
      createdAt: new Date('2026-05-11T09:05:00+02:00'),
      updatedAt: new Date('2026-05-18T12:00:00+02:00'),
    },
    {
      patientId: mario,
      kind: 'REPORTS',
      status: 'CANCELLED',
      items: reportItems.slice(0, 1),
      delivery: deskDelivery,
      priceCents: 300,
      createdAt: new Date('2026-07-21T16:40:00+02:00'),
      updatedAt: new Date('2026-07-22T08:00:00+02:00'),
      cancelledAt: new Date('2026-07-22T08:00:00+02:00'),
    },
  ]);
}
