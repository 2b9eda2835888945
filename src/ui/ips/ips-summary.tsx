/**
 * A patient summary (HL7 IPS document) drawn from its coded data: the patient, then each section of the
 * Composition with its entries (conditions, allergies, medicines, vaccinations, results) or the reason it
 * is empty. The sections' narratives (`text.div`, XHTML) are never put in the page: a summary may come from
 * anyone, and text only cannot carry a script or a tracking image.
 */
import { useLingui } from '@lingui/react/macro';
import type { Organization, Resource } from '@medplum/fhirtypes';
import type { JSX } from 'react';
import { useId } from 'react';
import { useDateFormat } from '../../i18n/dates';
import { FactList } from '../fact-section';
import { codeOf, conceptText, fhirDateText, list, nameText, str } from './fhir-read';
import type { IpsDocument, IpsSection } from './ips-document';
import { type EntryContext, type EntryFlag, entryView } from './ips-entry';
import { EMPTY_REASON_LABELS, GENDER_LABELS, labelOf } from './ips-labels';
import './ips.css';

function EntryItem({
  resource,
  context,
  lang,
}: {
  resource: Resource;
  context: EntryContext;
  lang: string | undefined;
}): JSX.Element {
  const view = entryView(resource, context);
  return (
    <li className="ips-entry">
      <div className="ips-entry-head">
        <p className="ips-entry-title" lang={lang}>
          {view.title}
        </p>
        {view.flag && (
          <span className={`ips-flag ips-flag-${view.flag.direction}`}>
            <span aria-hidden="true">{FLAG_ARROWS[view.flag.direction]}</span> {view.flag.label}
          </span>
        )}
      </div>
      {view.facts.length > 0 && <FactList facts={view.facts} />}
    </li>
  );
}

const FLAG_ARROWS: Readonly<Record<EntryFlag['direction'], string>> = { high: '↑', low: '↓', abnormal: '!' };

function SectionView({
  section,
  context,
  lang,
  id,
}: {
  section: IpsSection;
  context: EntryContext;
  lang: string | undefined;
  id: string | undefined;
}): JSX.Element {
  const { t, i18n } = useLingui();
  const headingId = useId();
  const known = labelOf(EMPTY_REASON_LABELS, codeOf(section.emptyReason));
  const reason = known ? i18n._(known) : conceptText(section.emptyReason);
  return (
    <section className="ips-section" aria-labelledby={headingId} id={id} tabIndex={id ? -1 : undefined}>
      <h3 id={headingId} lang={section.title ? lang : undefined}>
        {section.title ?? t`Sezione senza titolo`}
      </h3>
      {section.emptyReason ? (
        <p className="ips-empty">{t`Nessuna voce: ${reason ?? t`motivo non indicato`}`}</p>
      ) : section.resources.length === 0 ? (
        <p className="ips-empty">{t`Nessuna voce.`}</p>
      ) : (
        <ul className="ips-entries">
          {section.resources.map((resource, position) => (
            // Entries have no identity of their own that the bundle guarantees unique.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is drawn once and never reordered
            <EntryItem key={position} resource={resource} context={context} lang={lang} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** A section's element id under `idPrefix`, for a screen that links to the sections (an index). */
export const ipsSectionId = (idPrefix: string, section: IpsSection): string => `${idPrefix}-${section.key}`;

export function IpsSummary({
  document,
  idPrefix,
}: {
  document: IpsDocument;
  /** Gives each section an id (`ipsSectionId`) that takes the focus when jumped to. */
  idPrefix?: string;
}): JSX.Element {
  const { t, i18n } = useLingui();
  const format = useDateFormat();
  const { composition, patient } = document;
  const lang = str(composition.language);
  const context: EntryContext = {
    translate: (m) => i18n._(m),
    format,
    locale: i18n.locale,
    resolve: document.resolve,
  };
  const [author] = list(composition.author);
  const authorResource = document.resolve(author);
  const authorName =
    str(author?.display) ??
    (authorResource?.resourceType === 'Organization'
      ? str((authorResource as Organization).name)
      : undefined);
  const gender = str(patient?.gender);
  const genderLabel = labelOf(GENDER_LABELS, gender);
  return (
    <article className="ips-summary" aria-label={t`Riepilogo del paziente`}>
      <header className="ips-header">
        <h2 lang={str(composition.title) ? lang : undefined}>
          {str(composition.title) ?? t`Riepilogo del paziente`}
        </h2>
        <FactList
          facts={[
            { label: t`Paziente`, value: nameText(patient?.name) ?? str(composition.subject?.display) },
            { label: t`Data di nascita`, value: fhirDateText(patient?.birthDate, format) },
            { label: t`Sesso`, value: genderLabel ? i18n._(genderLabel) : gender },
            { label: t`Redatto il`, value: fhirDateText(composition.date, format) },
            { label: t`Da`, value: authorName },
          ]}
        />
      </header>
      {document.sections.map((section) => (
        <SectionView
          key={section.key}
          section={section}
          context={context}
          lang={lang}
          id={idPrefix ? ipsSectionId(idPrefix, section) : undefined}
        />
      ))}
    </article>
  );
}
