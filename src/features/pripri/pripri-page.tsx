/**
 * `/pripri/:patientId` (spec 2): the monitoring of the patient's active plan, its colour (spec 4), the
 * thresholds and every session coloured by the same rule; physicians and operators record sessions.
 * The route guard loads the patient first (a patientId in the route), else /postAuth.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useLoader } from '../../api/use-loader';
import { useDateFormat } from '../../i18n/dates';
import { LoadedView } from '../../ui/loaded-view';
import { PageLayout } from '../../ui/page-layout';
import { PRIPRI_COLOUR_TEXT, PripriDot } from '../../ui/pripri-dot';
import { Refresher } from '../../ui/refresher';
import { EmptyState } from '../../ui/state-views';
import { fetchIndexNames, fetchPripri } from './api';
import { SessionForm } from './session-form';
import './pripri.css';

export function PripriPage(): JSX.Element {
  const { i18n, t } = useLingui();
  const format = useDateFormat();
  const patientId = Number(useParams().patientId);
  const load = useCallback(() => fetchPripri(patientId), [patientId]);
  const pripri = useLoader(load, { keepOnError: true, refreshOnReturn: true });
  const [names, setNames] = useState<ReadonlyMap<string, string>>(new Map());
  useEffect(() => {
    fetchIndexNames().then(setNames, () => undefined);
  }, []);
  const { state } = pripri;
  const name = (index: string) => names.get(index) ?? index;
  return (
    <PageLayout title={t`Monitoraggio PRIpri`} refresher={<Refresher onRefresh={pripri.reload} />}>
      <LoadedView state={state} onRetry={pripri.reload} staleNotice>
        {(monitoring) => (
          <>
            <p className="pripri-summary">
              <PripriDot colour={monitoring.colour} /> {i18n._(PRIPRI_COLOUR_TEXT[monitoring.colour])}
            </p>
            {monitoring.plan === null ? (
              <EmptyState title={t`Nessun piano riabilitativo attivo`} />
            ) : (
              <>
                <section className="fact-section" aria-labelledby="pripri-plan">
                  <h2 id="pripri-plan">{monitoring.plan.name}</h2>
                  <ul className="plain-list">
                    {monitoring.plan.thresholds.map((item) => (
                      <li key={item.index}>
                        {t`${name(item.index)}: verde da ${item.green}, rosso sotto ${item.red}`}
                      </li>
                    ))}
                  </ul>
                </section>
                {monitoring.canRecord && (
                  <SessionForm
                    patientId={patientId}
                    thresholds={monitoring.plan.thresholds}
                    names={names}
                    onRecorded={(value) => pripri.update(() => value)}
                  />
                )}
                <section className="fact-section" aria-labelledby="pripri-sessions">
                  <h2 id="pripri-sessions">
                    <Trans>Sessioni</Trans>
                  </h2>
                  {monitoring.sessions.length === 0 ? (
                    <p className="fact-empty">
                      <Trans>Nessuna sessione registrata</Trans>
                    </p>
                  ) : (
                    <ul className="pripri-sessions">
                      {[...monitoring.sessions].reverse().map((session) => (
                        <li key={session.id}>
                          <PripriDot colour={session.colour} />
                          <span>
                            <strong>{format.date(session.sessionDate)}</strong>{' '}
                            {session.measures
                              .map((measure) => `${name(measure.index)} ${measure.value}`)
                              .join(', ')}
                            <span className="muted"> · {session.recordedBy}</span>
                          </span>
                        </li>
                      ))}
                    </ul>
                  )}
                </section>
              </>
            )}
          </>
        )}
      </LoadedView>
    </PageLayout>
  );
}
