import { IonButton, IonIcon, IonItem, IonLabel, IonList } from '@ionic/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { star, starOutline } from 'ionicons/icons';
import type { JSX } from 'react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import type { PatientSummary } from '../../contract/patient';
import { useDateFormat } from '../../i18n/dates';
import { paths } from '../../routing/paths';
import { IonBadge } from '../../ui/ionic/badge';
import { IonSpinner } from '../../ui/ionic/spinner';
import { PripriDot } from '../../ui/pripri-dot';
import { usePripriColours } from './use-pripri-colours';

export interface PatientRowsProps {
  patients: readonly PatientSummary[];
  label: string;
  /** One tap on the star; absent: no star shown. */
  onStar?: (patient: PatientSummary) => void;
  hasMore?: boolean;
  loadingMore?: boolean;
  onMore?: () => void;
}

/** Patients as a list: name, fiscal code, birth date, status badges and a 44 px favourite star. */
export function PatientRows(props: PatientRowsProps): JSX.Element {
  const { patients, label, onStar, hasMore, loadingMore, onMore } = props;
  const { t } = useLingui();
  const format = useDateFormat();
  const colours = usePripriColours(patients.map((patient) => patient.mepiId));
  return (
    <>
      <IonList inset aria-label={label} className="patient-rows">
        {patients.map((patient) => {
          const name = `${patient.surname} ${patient.name}`;
          const colour = colours.get(patient.mepiId);
          return (
            <IonItem key={patient.mepiId} lines="full">
              {onStar && (
                <IonButton
                  slot="start"
                  fill="clear"
                  className="star-button"
                  onClick={() => onStar(patient)}
                  aria-pressed={patient.favorite}
                  aria-label={
                    patient.favorite ? t`Togli ${name} dai preferiti` : t`Aggiungi ${name} ai preferiti`
                  }
                >
                  <IonIcon
                    slot="icon-only"
                    icon={patient.favorite ? star : starOutline}
                    color={patient.favorite ? 'warning' : 'medium'}
                    aria-hidden="true"
                  />
                </IonButton>
              )}
              <IonLabel>
                <Link className="patient-link" to={paths.patientInfo(patient.mepiId)}>
                  {name}
                </Link>
                <p>
                  {patient.fiscalCode} · {format.date(patient.birthDate)}
                </p>
              </IonLabel>
              {colour && (
                <span slot="end">
                  <PripriDot colour={colour} />
                </span>
              )}
              {!patient.positionStatus.alive && (
                <IonBadge slot="end" color="medium">
                  <Trans>Deceduto/a</Trans>
                </IonBadge>
              )}
              {patient.positionStatus.merged && (
                <IonBadge slot="end" color="warning">
                  <Trans>Unificato</Trans>
                </IonBadge>
              )}
            </IonItem>
          );
        })}
      </IonList>
      {hasMore && onMore && <MoreSentinel loading={loadingMore ?? false} onMore={onMore} />}
    </>
  );
}

/** Loads the next page when it scrolls into view; the button does the same for keyboard users. */
function MoreSentinel({ loading, onMore }: { loading: boolean; onMore: () => void }): JSX.Element {
  const { t } = useLingui();
  const ref = useRef<HTMLDivElement | null>(null);
  const more = useRef(onMore);
  more.current = onMore;
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) more.current();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={ref} className="list-more">
      {loading ? (
        <IonSpinner name="crescent" aria-label={t`Caricamento in corso…`} />
      ) : (
        <IonButton fill="clear" onClick={onMore}>
          <Trans>Mostra altri pazienti</Trans>
        </IonButton>
      )}
    </div>
  );
}
