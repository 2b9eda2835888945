/** Step 1 of a medical-record request: the patient's admissions, each with its copies. */
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useCallback } from 'react';
import { useLoader } from '../../api/use-loader';
import { useDateFormat } from '../../i18n/dates';
import { LoadedView } from '../../ui/loaded-view';
import { EmptyState } from '../../ui/state-views';
import { fetchHospitalizations } from './api';
import type { Candidate, SelectStepProps } from './selection';
import { SelectionRow } from './selection-row';

export function RecordSelect({
  patientId,
  selected,
  maxCopies,
  onFlag,
  onStep,
}: SelectStepProps): JSX.Element {
  const { t } = useLingui();
  const format = useDateFormat();
  const load = useCallback(() => fetchHospitalizations(patientId), [patientId]);
  const { state, reload } = useLoader(load);

  return (
    <LoadedView
      state={state}
      onRetry={reload}
      errorDetail={
        <p>
          <Trans>
            Non è stato possibile recuperare i ricoveri. Riprova e, se il problema persiste, contatta l'help
            desk.
          </Trans>
        </p>
      }
    >
      {({ hospitalizations: stays }) =>
        stays.length === 0 ? (
          <EmptyState title={<Trans>Nessun ricovero da richiedere</Trans>} />
        ) : (
          <ul className="request-list" aria-label={t`Ricoveri`}>
            {stays.map((stay) => {
              const title = `${stay.regime.desc} · ${stay.unit.desc}`;
              const candidate: Candidate = { id: stay.id, title, date: stay.admittedAt, hasStudies: false };
              const period = stay.dischargedAt
                ? `${format.date(stay.admittedAt)} – ${format.date(stay.dischargedAt)}`
                : format.date(stay.admittedAt);
              return (
                <SelectionRow
                  key={stay.id}
                  title={title}
                  meta={
                    <>
                      {t`Nosologico ${stay.code}`} · {period}
                    </>
                  }
                  selected={selected[String(stay.id)]}
                  flags={[{ flag: 'document', label: t`Cartella clinica` }]}
                  maxCopies={maxCopies}
                  onFlag={(flag, on) => onFlag(candidate, flag, on)}
                  onStep={(delta) => onStep(String(stay.id), delta)}
                />
              );
            })}
          </ul>
        )
      }
    </LoadedView>
  );
}
