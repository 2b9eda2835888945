/** The care part of the patient record: health service, general practitioner, related persons, identifiers. */
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import type { Patient } from '../../contract/patient';
import { useDateFormat } from '../../i18n/dates';
import { FactList, FactSection } from '../../ui/fact-section';

export function HealthServiceSection({ patient }: { patient: Patient }): JSX.Element {
  const { t } = useLingui();
  const format = useDateFormat();
  const hs = patient.healthService;
  const gp = hs.generalPractitioner;
  return (
    <FactSection
      id="health-service"
      title={t`Servizio sanitario`}
      facts={[
        { label: t`ASL di residenza`, value: hs.aslResidenceCode },
        { label: t`ASL di assistenza`, value: hs.aslAssistanceCode },
        { label: t`Tessera sanitaria`, value: hs.healthCardNumber },
        { label: t`Scadenza tessera sanitaria`, value: format.date(hs.healthCardExpiryDate) },
        { label: t`Codice STP`, value: hs.stpCode },
        { label: t`Codice TEAM`, value: hs.teamCode },
      ]}
    >
      {gp && (
        <>
          <h3>
            <Trans>Medico di medicina generale</Trans>
          </h3>
          <FactList
            facts={[
              { label: t`Nome e cognome`, value: `${gp.name} ${gp.surname}` },
              { label: t`Codice regionale`, value: gp.code },
              { label: t`Codice fiscale`, value: gp.fiscalCode },
              {
                label: t`Telefono`,
                value: gp.phone ? <a href={`tel:${gp.phone.replace(/\s+/g, '')}`}>{gp.phone}</a> : null,
              },
              { label: t`E-mail`, value: gp.email ? <a href={`mailto:${gp.email}`}>{gp.email}</a> : null },
            ]}
          />
        </>
      )}
    </FactSection>
  );
}

export function RelatedPersonsSection({ patient }: { patient: Patient }): JSX.Element {
  const { t } = useLingui();
  return (
    <FactSection id="related-persons" title={t`Persone di riferimento`}>
      {patient.relatedPersons.length > 0 && (
        <ul className="plain-list">
          {patient.relatedPersons.map((person) => (
            <li key={`${person.relationship}-${person.name}-${person.surname}`}>
              <strong>
                {person.name} {person.surname}
              </strong>
              <span className="muted"> · {person.relationship}</span>
              {person.phone && (
                <>
                  {' · '}
                  <a href={`tel:${person.phone.replace(/\s+/g, '')}`}>{person.phone}</a>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </FactSection>
  );
}

export function IdentifiersSection({
  patient,
  typeNames,
}: {
  patient: Patient;
  typeNames: ReadonlyMap<string, string>;
}): JSX.Element {
  const { t } = useLingui();
  const status = patient.positionStatus;
  return (
    <FactSection
      id="identifiers"
      title={t`Identificativi`}
      facts={[
        { label: t`Identificativo anagrafico (MPI)`, value: String(patient.mepiId) },
        { label: t`Identificativo master`, value: patient.masterId },
        ...patient.personIdentifiers.map((identifier) => ({
          label: typeNames.get(identifier.type) ?? identifier.type,
          value: identifier.value,
        })),
        { label: t`Posizione unificata`, value: status.merged ? t`Sì` : t`No` },
        { label: t`Posizione attiva`, value: status.alive ? t`Sì` : t`No` },
      ]}
    />
  );
}
