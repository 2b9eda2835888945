import { IonButton } from '@ionic/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import type { Pai } from '../../contract/pai';
import { useDateFormat } from '../../i18n/dates';
import { paths } from '../../routing/paths';
import { planStatusLook } from './labels';

/** The plan's type, project, validity, author and state; a replaced plan points to the one in force. */
export function PlanHeader({ plan }: { plan: Pai }): JSX.Element {
  const { i18n } = useLingui();
  const { date } = useDateFormat();
  const look = planStatusLook(plan);
  const from = date(plan.validFrom);
  const to = date(plan.validTo);
  const done = plan.activitiesDone;
  const total = plan.activitiesTotal;
  return (
    <section className="pai-header" aria-label={plan.paiType.name}>
      <p>
        <span className={`tone-chip pai-chip tone-${look.tone}`}>{i18n._(look.label)}</span>{' '}
        <strong>{plan.paiType.name}</strong>
      </p>
      {plan.paiType.description && <p className="muted">{plan.paiType.description}</p>}
      <dl className="pai-facts">
        <div>
          <dt>
            <Trans>Progetto</Trans>
          </dt>
          <dd>{plan.project.name}</dd>
        </div>
        <div>
          <dt>
            <Trans>Validità</Trans>
          </dt>
          <dd>
            {to ? (
              <Trans>
                Dal {from} al {to}
              </Trans>
            ) : (
              <Trans>Dal {from}</Trans>
            )}
          </dd>
        </div>
        {plan.author && (
          <div>
            <dt>
              <Trans>Redatto da</Trans>
            </dt>
            <dd>{plan.author}</dd>
          </div>
        )}
        <div>
          <dt>
            <Trans>Avanzamento</Trans>
          </dt>
          <dd>
            <Trans>
              Attività svolte: {done} su {total}
            </Trans>
          </dd>
        </div>
      </dl>
      {plan.status === 'REPLACED' && plan.replacedById !== null && !plan.activitiesHidden && (
        <IonButton routerLink={paths.pai(plan.replacedById)} fill="outline" size="small">
          <Trans>Apri il piano in vigore</Trans>
        </IonButton>
      )}
    </section>
  );
}
