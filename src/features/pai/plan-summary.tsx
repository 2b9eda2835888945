import { IonIcon, IonItem, IonLabel } from '@ionic/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { clipboardOutline } from 'ionicons/icons';
import type { JSX } from 'react';
import type { PaiSummary } from '../../contract/pai';
import { useDateFormat } from '../../i18n/dates';
import { paths } from '../../routing/paths';
import { planStatusLook } from './labels';

/** One plan in the list: its title, state, validity and progress. */
export function PlanSummaryItem({ plan, current }: { plan: PaiSummary; current: boolean }): JSX.Element {
  const { i18n } = useLingui();
  const { date } = useDateFormat();
  const look = planStatusLook(plan);
  const from = date(plan.validFrom);
  const to = date(plan.validTo);
  const done = plan.activitiesDone;
  const total = plan.activitiesTotal;
  return (
    <IonItem routerLink={paths.pai(plan.id)} detail className={current ? 'pai-current' : undefined}>
      <IonIcon slot="start" icon={clipboardOutline} aria-hidden="true" />
      <IonLabel className="ion-text-wrap">
        <h2>{plan.title}</h2>
        <p>
          <span className={`tone-chip pai-chip tone-${look.tone}`}>{i18n._(look.label)}</span>{' '}
          {plan.project.name}
        </p>
        <p>
          {to ? (
            <Trans>
              Dal {from} al {to}
            </Trans>
          ) : (
            <Trans>Dal {from}</Trans>
          )}
          {' · '}
          <Trans>
            Attività svolte: {done} su {total}
          </Trans>
        </p>
      </IonLabel>
    </IonItem>
  );
}
