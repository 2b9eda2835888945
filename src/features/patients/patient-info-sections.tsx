/** The identity part of the patient record: personal data, addresses, contacts, identity document. */
import { useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import type { Patient } from '../../contract/patient';
import { useDateFormat } from '../../i18n/dates';
import { FactSection } from '../../ui/fact-section';
import {
  DOCUMENT_TYPE_LABEL,
  LIFE_STATUS_LABEL,
  MARITAL_STATUS_LABEL,
  SEX_LABEL,
} from '../../ui/patient-labels';

type Address = NonNullable<Patient['residence']>;

export function formatAddress(address: Address | null): string | null {
  if (!address) return null;
  const street = [address.street, address.number].filter(Boolean).join(' ');
  const place = [address.zip, address.city, address.province ? `(${address.province})` : null]
    .filter(Boolean)
    .join(' ');
  const text = [street, place, address.region, address.country].filter(Boolean).join(', ');
  return text || null;
}

export function PersonalSection({ patient }: { patient: Patient }): JSX.Element {
  const { t, i18n } = useLingui();
  const format = useDateFormat();
  const death = patient.lifeStatus === 'deceased' ? patient.death : null;
  const birthPlace = [patient.birthPlace, patient.province ? `(${patient.province})` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <FactSection
      id="personal"
      title={t`Dati personali`}
      facts={[
        { label: t`Nome`, value: patient.name },
        { label: t`Secondo nome`, value: patient.middleName },
        { label: t`Cognome`, value: patient.surname },
        { label: t`Sesso`, value: i18n._(SEX_LABEL[patient.sex]) },
        { label: t`Data di nascita`, value: format.date(patient.birthDate) },
        { label: t`Luogo di nascita`, value: birthPlace },
        { label: t`Regione di nascita`, value: patient.region },
        { label: t`CAP di nascita`, value: patient.zip },
        { label: t`Codice fiscale`, value: patient.fiscalCode },
        { label: t`Stato civile`, value: i18n._(MARITAL_STATUS_LABEL[patient.maritalStatus]) },
        { label: t`Cittadinanza`, value: patient.citizenship },
        { label: t`Nazionalità`, value: patient.nationality },
        { label: t`Stato in vita`, value: i18n._(LIFE_STATUS_LABEL[patient.lifeStatus]) },
        { label: t`Data di decesso`, value: format.date(death?.date) },
        {
          label: t`Luogo di decesso`,
          value: [death?.place, death?.province ? `(${death.province})` : null, death?.country]
            .filter(Boolean)
            .join(' '),
        },
      ]}
    />
  );
}

export function AddressSection({ patient }: { patient: Patient }): JSX.Element {
  const { t } = useLingui();
  return (
    <FactSection
      id="addresses"
      title={t`Residenza e domicilio`}
      facts={[
        { label: t`Residenza`, value: formatAddress(patient.residence) },
        { label: t`Domicilio`, value: formatAddress(patient.domicile) },
      ]}
    />
  );
}

function phoneLink(value: string | null): JSX.Element | null {
  return value ? <a href={`tel:${value.replace(/\s+/g, '')}`}>{value}</a> : null;
}

function mailLink(value: string | null): JSX.Element | null {
  return value ? <a href={`mailto:${value}`}>{value}</a> : null;
}

export function ContactsSection({ patient }: { patient: Patient }): JSX.Element {
  const { t } = useLingui();
  const c = patient.contacts;
  return (
    <FactSection
      id="contacts"
      title={t`Contatti`}
      facts={[
        { label: t`Telefono di casa`, value: phoneLink(c.homePhone) },
        { label: t`Cellulare`, value: phoneLink(c.mobilePhone) },
        { label: t`Secondo cellulare`, value: phoneLink(c.mobilePhone2) },
        { label: t`Fax`, value: c.fax },
        { label: t`E-mail`, value: mailLink(c.email) },
        { label: t`Seconda e-mail`, value: mailLink(c.email2) },
      ]}
    />
  );
}

export function IdentityDocumentSection({ patient }: { patient: Patient }): JSX.Element {
  const { t, i18n } = useLingui();
  const format = useDateFormat();
  const doc = patient.identityDocument;
  return (
    <FactSection
      id="identity-document"
      title={t`Documento d'identità`}
      facts={
        doc
          ? [
              { label: t`Tipo`, value: i18n._(DOCUMENT_TYPE_LABEL[doc.type]) },
              { label: t`Numero`, value: doc.number },
              { label: t`Data di rilascio`, value: format.date(doc.releaseDate) },
              { label: t`Data di scadenza`, value: format.date(doc.expiryDate) },
              { label: t`Rilasciato da`, value: doc.issuingAuthority },
            ]
          : []
      }
    />
  );
}
