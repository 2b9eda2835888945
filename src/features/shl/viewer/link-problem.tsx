/** Why a link does not open: none in the address, a broken one, another portal's, or one no longer valid. */
import { IonIcon } from '@ionic/react';
import { Trans } from '@lingui/react/macro';
import { alertCircleOutline, linkOutline } from 'ionicons/icons';
import type { JSX } from 'react';
import type { LinkReading } from './shlink';

export type Problem = Exclude<LinkReading, { kind: 'ready' }> | { kind: 'gone' };

function Text({ problem }: { problem: Problem }): JSX.Element {
  switch (problem.kind) {
    case 'missing':
      return (
        <>
          <h2>
            <Trans>Nessun link da aprire</Trans>
          </h2>
          <p>
            <Trans>Apri questa pagina dal link o dal codice QR che hai ricevuto.</Trans>
          </p>
        </>
      );
    case 'invalid':
      return (
        <>
          <h2>
            <Trans>Link non valido</Trans>
          </h2>
          <p>
            <Trans>
              Il link è incompleto o danneggiato: chiedi a chi te lo ha inviato di mandarlo di nuovo.
            </Trans>
          </p>
        </>
      );
    case 'otherPortal': {
      const host = problem.host;
      return (
        <>
          <h2>
            <Trans>Link di un altro servizio</Trans>
          </h2>
          <p>
            <Trans>
              Questo link è stato creato da {host}: questa pagina apre solo i link di questo portale. Aprilo
              con il visualizzatore di quel servizio o con un'app compatibile con SMART Health Links.
            </Trans>
          </p>
        </>
      );
    }
    case 'expired':
    case 'gone':
      return (
        <>
          <h2>
            <Trans>Questo link non è più valido</Trans>
          </h2>
          <p>
            <Trans>
              È scaduto, è stato revocato o è stato bloccato dopo troppi codici sbagliati. Chiedi un nuovo
              link a chi te lo ha inviato.
            </Trans>
          </p>
        </>
      );
  }
}

export function LinkProblem({ problem }: { problem: Problem }): JSX.Element {
  const icon = problem.kind === 'missing' ? linkOutline : alertCircleOutline;
  return (
    <div className="state-view" role="alert">
      <IonIcon icon={icon} aria-hidden="true" className="state-view-icon state-view-error" />
      <Text problem={problem} />
    </div>
  );
}
