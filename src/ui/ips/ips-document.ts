/**
 * An HL7 IPS document Bundle read for display: its Composition (the first entry), the patient, and each
 * section with the resources its entries reference, found in the bundle by `fullUrl` (`urn:uuid:…`, as
 * the portal writes them) or by `Type/id`.
 */
import type {
  Bundle,
  Composition,
  CompositionSection,
  Patient,
  Reference,
  Resource,
} from '@medplum/fhirtypes';
import { list, str } from './fhir-read';

export interface IpsSection {
  /** The section's place in the Composition: a key that holds even when titles repeat. */
  key: string;
  title: string | undefined;
  /** The section says why it is empty (IPS `emptyReason`). */
  emptyReason: CompositionSection['emptyReason'] | undefined;
  resources: Resource[];
}

export interface IpsDocument {
  composition: Composition;
  patient: Patient | undefined;
  sections: IpsSection[];
  resolve: (reference: Reference | undefined) => Resource | undefined;
}

function isResource(value: unknown): value is Resource {
  return typeof value === 'object' && value !== null && typeof (value as Resource).resourceType === 'string';
}

/** The bundle's resources by `fullUrl` and by `Type/id`. */
function indexOf(bundle: Bundle): Map<string, Resource> {
  const index = new Map<string, Resource>();
  for (const entry of list(bundle.entry)) {
    const resource = entry.resource;
    if (!isResource(resource)) continue;
    const fullUrl = str(entry.fullUrl);
    if (fullUrl) index.set(fullUrl, resource);
    const id = str(resource.id);
    if (id) index.set(`${resource.resourceType}/${id}`, resource);
  }
  return index;
}

/** Null when the bundle is not a document whose first entry is a Composition. */
export function readIpsDocument(bundle: unknown): IpsDocument | null {
  if (!isResource(bundle) || bundle.resourceType !== 'Bundle') return null;
  const document = bundle as Bundle;
  if (document.type !== 'document') return null;
  const first = list(document.entry)[0]?.resource;
  if (!isResource(first) || first.resourceType !== 'Composition') return null;
  const composition = first as Composition;
  const index = indexOf(document);
  const resolve = (reference: Reference | undefined): Resource | undefined => {
    const target = str(reference?.reference);
    return target ? index.get(target) : undefined;
  };
  const subject = resolve(composition.subject);
  const sections = list(composition.section).map(
    (section, position): IpsSection => ({
      key: `${position}`,
      title: str(section.title) ?? str(section.code?.text),
      emptyReason: section.emptyReason,
      resources: list(section.entry)
        .map((reference) => resolve(reference))
        .filter((resource): resource is Resource => resource !== undefined),
    }),
  );
  return {
    composition,
    patient: subject?.resourceType === 'Patient' ? subject : undefined,
    sections,
    resolve,
  };
}
