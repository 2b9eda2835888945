import { IonButton } from '@ionic/react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import type { ConnectedApp } from '../../contract/apps';
import { useDateFormat } from '../../i18n/dates';
import { RESOURCE_NAMES } from './resource-names';

/** One app the user let read a dossier: what it reads, whose, since when, its use; revoke. */
export function ConnectedAppCard({
  app,
  busy,
  onRevoke,
}: {
  app: ConnectedApp;
  busy: boolean;
  onRevoke: (app: ConnectedApp) => void;
}): JSX.Element {
  const { t, i18n } = useLingui();
  const { date, dateTime } = useDateFormat();
  const headingId = `app-${app.id}`;
  const since = date(app.authorizedAt);
  const patient = app.patient.name;
  const reads = plural(app.reads, { one: '# lettura', other: '# letture' });
  return (
    <li className="apps-card" aria-labelledby={headingId}>
      <h2 id={headingId} tabIndex={-1}>
        {app.name}
      </h2>
      <p className="apps-patient">
        <Trans>Fascicolo di {patient}</Trans>
      </p>
      <p className="apps-label">
        <Trans>Può leggere:</Trans>
      </p>
      <ul className="apps-resources">
        {app.resources.map((resource) => (
          <li key={resource}>{i18n._(RESOURCE_NAMES[resource])}</li>
        ))}
      </ul>
      <dl className="apps-facts">
        <div>
          <dt>{t`Collegata il`}</dt>
          <dd>{since}</dd>
        </div>
        <div>
          <dt>{t`Ultimo accesso`}</dt>
          <dd>{app.lastAccessAt ? dateTime(app.lastAccessAt) : t`Non ha ancora letto nulla`}</dd>
        </div>
        <div>
          <dt>{t`Letture`}</dt>
          <dd>{reads}</dd>
        </div>
      </dl>
      <p className="apps-hint">
        {app.offline
          ? t`Può leggere anche quando non sei collegato al portale.`
          : t`Può leggere solo mentre sei collegato al portale.`}
      </p>
      <IonButton
        color="danger"
        fill="outline"
        disabled={busy}
        aria-label={t`Revoca l'accesso a ${app.name}`}
        onClick={() => onRevoke(app)}
      >
        <Trans>Revoca l'accesso</Trans>
      </IonButton>
    </li>
  );
}
