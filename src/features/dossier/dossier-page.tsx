/**
 * `/dossier` (the patient's own) and `/dossier/:patientId` (staff): the documents as cards on phones
 * and a table from 768 px, with filters, paging, pull to refresh and an offline copy.
 */
import { IonButton, IonIcon } from '@ionic/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { analyticsOutline, eyeOffOutline, funnelOutline } from 'ionicons/icons';
import { useAtom, useAtomValue } from 'jotai';
import type { JSX } from 'react';
import { useState } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { paths } from '../../routing/paths';
import { isPatientSide } from '../../session/roles';
import { currentPatientAtom, currentUserAtom } from '../../session/session-atoms';
import { PageLayout } from '../../ui/page-layout';
import { Refresher } from '../../ui/refresher';
import { EmptyState } from '../../ui/state-views';
import { dossierFiltersAtom } from './atoms';
import { DossierList } from './dossier-list';
import { useFilterOptions } from './filter-options';
import { FilterSheet } from './filter-sheet';
import type { DossierFilters } from './filters';
import { activeFilterCount, NO_FILTERS } from './filters';
import { useDocumentList } from './use-document-list';
import './dossier.css';

const HELP = { controller: 'dossier', action: 'index' } as const;
/** The patient's own words for the same screen (the staff text speaks of "the patient"). */
const PATIENT_HELP = { controller: 'dossier', action: 'patient' } as const;

function parseId(raw: string | undefined): number | null {
  return raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
}

export function DossierPage(): JSX.Element {
  const user = useAtomValue(currentUserAtom);
  const raw = useParams().patientId;
  const patientSide = user ? isPatientSide(user.userType) : false;
  // "/dossier without id is for patients only; others go to /myPatients" (spec sections 2 and 6).
  if (user && raw === undefined && !patientSide) return <Navigate to={paths.myPatients()} replace />;
  if (user && raw !== undefined && patientSide) return <Navigate to={paths.dossier()} replace />;
  const patientId = patientSide ? (user?.patientId ?? null) : parseId(raw);
  return <DossierScreen patientId={patientId} staff={!patientSide} />;
}

function DossierScreen({ patientId, staff }: { patientId: number | null; staff: boolean }): JSX.Element {
  const { t } = useLingui();
  const [stored, setStored] = useAtom(dossierFiltersAtom);
  const filters = stored && stored.patientId === patientId ? stored.filters : NO_FILTERS;
  const setFilters = (next: DossierFilters): void => {
    if (patientId !== null) setStored({ patientId, filters: next });
  };
  const [sheetOpen, setSheetOpen] = useState(false);
  const options = useFilterOptions(patientId);
  const list = useDocumentList(patientId ?? 0, filters, patientId !== null);
  const patient = useAtomValue(currentPatientAtom);
  const count = activeFilterCount(filters);
  const user = useAtomValue(currentUserAtom);
  const canObscure =
    !staff && user?.userType === 'PAT' && user.permissionList.includes('perm.meview.document.obscure');

  const filterButton = (
    <IonButton
      onClick={() => setSheetOpen(true)}
      aria-label={count > 0 ? t`Filtri (${count} attivi)` : t`Filtri`}
      aria-haspopup="dialog"
    >
      <IonIcon slot="icon-only" icon={funnelOutline} aria-hidden="true" />
      {count > 0 && (
        <span className="filter-count" aria-hidden="true">
          {count}
        </span>
      )}
    </IonButton>
  );

  return (
    <PageLayout
      title={t`Dossier`}
      help={staff ? HELP : PATIENT_HELP}
      backTo={staff && patientId !== null ? paths.patientInfo(patientId) : undefined}
      actions={
        patientId !== null ? (
          <>
            {/* The values of the reports, as data and trends: staff reach them from the patient's dossier. */}
            <IonButton
              routerLink={staff ? paths.patientResults(patientId) : paths.results()}
              aria-label={t`Esami`}
            >
              <IonIcon slot="icon-only" icon={analyticsOutline} aria-hidden="true" />
            </IonButton>
            {canObscure && (
              <IonButton routerLink={paths.documentObscurement(patientId)} aria-label={t`Oscura documenti`}>
                <IonIcon slot="icon-only" icon={eyeOffOutline} aria-hidden="true" />
              </IonButton>
            )}
            {filterButton}
          </>
        ) : undefined
      }
      refresher={<Refresher onRefresh={list.reload} />}
      className="dossier-page"
    >
      {patientId === null && <EmptyState title={<Trans>Paziente non valido</Trans>} />}
      {patientId !== null && (
        <>
          {staff && patient?.patientId === patientId && patient.patient && (
            <p className="dossier-patient">
              {patient.patient.name} {patient.patient.surname} · {patient.patient.fiscalCode}
            </p>
          )}
          <DossierList
            list={list}
            filters={filters}
            options={options}
            onFilters={setFilters}
            onOpenFilters={() => setSheetOpen(true)}
          />
          <FilterSheet
            open={sheetOpen}
            filters={filters}
            options={options}
            onClose={() => setSheetOpen(false)}
            onApply={(next) => {
              setFilters(next);
              setSheetOpen(false);
            }}
          />
        </>
      )}
    </PageLayout>
  );
}
