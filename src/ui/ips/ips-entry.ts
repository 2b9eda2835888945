/**
 * What one entry of an IPS section says, by resource type: a title (the coded concept's text) and its facts
 * (status, dates, value with unit and reference range…), as text only.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type {
  AllergyIntolerance,
  Condition,
  Immunization,
  Medication,
  MedicationStatement,
  Observation,
  Reference,
  Resource,
} from '@medplum/fhirtypes';
import type { DateFormatters } from '../../i18n/dates';
import {
  codeOf,
  conceptText,
  fhirDateText,
  list,
  periodText,
  quantityText,
  rangeText,
  str,
} from './fhir-read';
import { ALLERGY_LABELS, INTERPRETATION_LABELS, labelOf, STATUS_LABELS } from './ips-labels';

export interface EntryFact {
  label: string;
  value: string | undefined;
}

/** A result outside its reference range, marked beside the entry's title. */
export interface EntryFlag {
  direction: 'high' | 'low' | 'abnormal';
  label: string;
}

export interface EntryView {
  title: string;
  facts: EntryFact[];
  flag?: EntryFlag;
}

/** Interpretation codes worth a mark (HL7 v3 ObservationInterpretation): out of range, or abnormal. */
const FLAGGED: Readonly<Record<string, EntryFlag['direction']>> = {
  H: 'high',
  HH: 'high',
  L: 'low',
  LL: 'low',
  A: 'abnormal',
  AA: 'abnormal',
};

export interface EntryContext {
  translate: (descriptor: MessageDescriptor) => string;
  format: DateFormatters;
  locale: string;
  resolve: (reference: Reference | undefined) => Resource | undefined;
}

/** A code in the portal's words when it knows it, else as written. */
function labelled(
  table: Readonly<Record<string, MessageDescriptor>>,
  code: unknown,
  context: EntryContext,
): string | undefined {
  const key = str(code);
  const known = labelOf(table, key);
  return known ? context.translate(known) : key;
}

function condition(resource: Condition, context: EntryContext): EntryFact[] {
  const { translate: t, format } = context;
  return [
    { label: t(msg`Stato`), value: labelled(STATUS_LABELS, codeOf(resource.clinicalStatus), context) },
    {
      label: t(msg`Esordio`),
      value:
        fhirDateText(resource.onsetDateTime, format) ??
        periodText(resource.onsetPeriod, format) ??
        str(resource.onsetString),
    },
  ];
}

function allergy(resource: AllergyIntolerance, context: EntryContext): EntryFact[] {
  const { translate: t } = context;
  const categories = (Array.isArray(resource.category) ? resource.category : [])
    .map((code) => labelled(ALLERGY_LABELS, code, context))
    .filter((text): text is string => text !== undefined);
  const reactions = list(resource.reaction)
    .flatMap((reaction) => list(reaction.manifestation).map((concept) => conceptText(concept)))
    .filter((text): text is string => text !== undefined);
  return [
    { label: t(msg`Tipo`), value: labelled(ALLERGY_LABELS, resource.type, context) },
    { label: t(msg`Categoria`), value: categories.join(', ') || undefined },
    { label: t(msg`Criticità`), value: labelled(ALLERGY_LABELS, resource.criticality, context) },
    { label: t(msg`Reazioni`), value: reactions.join(', ') || undefined },
    { label: t(msg`Stato`), value: labelled(STATUS_LABELS, codeOf(resource.clinicalStatus), context) },
  ];
}

function medication(resource: MedicationStatement, context: EntryContext): EntryFact[] {
  const { translate: t, format } = context;
  const dosage = list(resource.dosage)
    .map((each) => str(each.text))
    .filter((text): text is string => text !== undefined);
  return [
    { label: t(msg`Posologia`), value: dosage.join('; ') || undefined },
    {
      label: t(msg`Periodo`),
      value: periodText(resource.effectivePeriod, format) ?? fhirDateText(resource.effectiveDateTime, format),
    },
    { label: t(msg`Stato`), value: labelled(STATUS_LABELS, resource.status, context) },
  ];
}

function medicationName(resource: MedicationStatement, context: EntryContext): string | undefined {
  const named = conceptText(resource.medicationCodeableConcept);
  if (named) return named;
  const referenced = context.resolve(resource.medicationReference);
  if (referenced?.resourceType === 'Medication') return conceptText((referenced as Medication).code);
  return str(resource.medicationReference?.display);
}

function immunization(resource: Immunization, context: EntryContext): EntryFact[] {
  const { translate: t, format } = context;
  return [
    {
      label: t(msg`Data`),
      value: fhirDateText(resource.occurrenceDateTime, format) ?? str(resource.occurrenceString),
    },
    { label: t(msg`Lotto`), value: str(resource.lotNumber) },
  ];
}

function observationValue(resource: Observation, context: EntryContext): string | undefined {
  const { translate: t, locale } = context;
  if (typeof resource.valueBoolean === 'boolean') return resource.valueBoolean ? t(msg`Sì`) : t(msg`No`);
  return (
    quantityText(resource.valueQuantity, locale) ??
    str(resource.valueString) ??
    conceptText(resource.valueCodeableConcept) ??
    rangeText(resource.valueRange, locale)
  );
}

function observation(resource: Observation, context: EntryContext): EntryFact[] {
  const { translate: t, format, locale } = context;
  const [range] = list(resource.referenceRange);
  const [interpretation] = list(resource.interpretation);
  const known = labelOf(INTERPRETATION_LABELS, codeOf(interpretation));
  return [
    { label: t(msg`Valore`), value: observationValue(resource, context) },
    {
      label: t(msg`Intervallo di riferimento`),
      value: range ? (rangeText(range, locale) ?? str(range.text)) : undefined,
    },
    { label: t(msg`Esito`), value: known ? t(known) : conceptText(interpretation) },
    {
      label: t(msg`Data`),
      value:
        fhirDateText(resource.effectiveDateTime, format) ??
        periodText(resource.effectivePeriod, format) ??
        fhirDateText(resource.issued, format),
    },
  ];
}

function observationFlag(resource: Observation, context: EntryContext): { flag?: EntryFlag } {
  const code = codeOf(list(resource.interpretation)[0]);
  const direction = code !== undefined && Object.hasOwn(FLAGGED, code) ? FLAGGED[code] : undefined;
  const label = labelOf(INTERPRETATION_LABELS, code);
  return direction && label ? { flag: { direction, label: context.translate(label) } } : {};
}

/** The entry's title and facts; empty facts are left for the view to drop. */
export function entryView(resource: Resource, context: EntryContext): EntryView {
  const fallback = context.translate(msg`Voce senza descrizione`);
  switch (resource.resourceType) {
    case 'Condition':
      return { title: conceptText(resource.code) ?? fallback, facts: condition(resource, context) };
    case 'AllergyIntolerance':
      return { title: conceptText(resource.code) ?? fallback, facts: allergy(resource, context) };
    case 'MedicationStatement':
      return { title: medicationName(resource, context) ?? fallback, facts: medication(resource, context) };
    case 'Immunization':
      return { title: conceptText(resource.vaccineCode) ?? fallback, facts: immunization(resource, context) };
    case 'Observation': {
      const view = { title: conceptText(resource.code) ?? fallback, facts: observation(resource, context) };
      return { ...view, ...observationFlag(resource, context) };
    }
    default: {
      const coded = (resource as { code?: Condition['code'] }).code;
      return { title: conceptText(coded) ?? resource.resourceType, facts: [] };
    }
  }
}
