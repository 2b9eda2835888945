/**
 * `/results/trend/:code` (the patient side's own) and `/results/:patientId/trend/:code` (staff): one
 * analyte's values over time, as a chart with its reference range and as a table of every value, each
 * hospital value linked to its report, the patient's own readings marked.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useCallback } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { errorReplyOf } from '../../api/error-report';
import { useLoader } from '../../api/use-loader';
import { paths } from '../../routing/paths';
import { LoadedView } from '../../ui/loaded-view';
import { PageLayout } from '../../ui/page-layout';
import { Refresher } from '../../ui/refresher';
import { EmptyState } from '../../ui/state-views';
import { fetchSeries } from './api';
import { PatientLine } from './patient-line';
import { useRoutePatient } from './route-patient';
import { TrendChart } from './trend-chart';
import { TrendLegend } from './trend-legend';
import { TrendTable } from './trend-table';
import './results.css';

export function TrendPage(): JSX.Element {
  const route = useRoutePatient();
  const code = useParams().code ?? '';
  if (route.kind === 'redirect')
    return <Navigate to={route.staff ? paths.myPatients() : paths.resultTrend(code)} replace />;
  if (route.kind === 'invalid') return <Navigate to={paths.home()} replace />;
  if (route.kind === 'loading') return <TrendScreen patientId={null} code={code} staff={false} own={false} />;
  return <TrendScreen patientId={route.patientId} code={code} staff={route.staff} own={route.author} />;
}

interface ScreenProps {
  patientId: number | null;
  code: string;
  staff: boolean;
  /** The reader is the patient: their readings are "entered by you". */
  own: boolean;
}

function TrendScreen({ patientId, code, staff, own }: ScreenProps): JSX.Element {
  const { t } = useLingui();
  const load = useCallback(() => fetchSeries(patientId ?? 0, code), [patientId, code]);
  const { state, reload } = useLoader(load, { keepOnError: true, enabled: patientId !== null });
  const notFound = state.status === 'error' && errorReplyOf(state.error)?.status === 404;
  return (
    <PageLayout
      title={t`Andamento`}
      backTo={staff && patientId !== null ? paths.patientResults(patientId) : paths.results()}
      refresher={<Refresher onRefresh={reload} />}
      className="results-page"
    >
      {staff && patientId !== null && <PatientLine patientId={patientId} />}
      {notFound ? (
        <EmptyState title={<Trans>Nessun valore per questo esame</Trans>} />
      ) : (
        <LoadedView state={state} onRetry={() => void reload()} staleNotice>
          {(series) => (
            <div className="trend-layout">
              {/* The series' name in the page, not the toolbar: English LOINC names run to 60 characters. */}
              <h2 className="trend-name">{series.name}</h2>
              <section className="trend-chart-section" aria-label={t`Grafico`}>
                <TrendChart series={series} />
                <TrendLegend series={series} own={own} />
              </section>
              <TrendTable series={series} own={own} />
            </div>
          )}
        </LoadedView>
      )}
    </PageLayout>
  );
}
