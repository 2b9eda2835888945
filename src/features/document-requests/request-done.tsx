/** After a submission: what was sent and the way to the archive. */
import { IonButton, IonIcon } from '@ionic/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { checkmarkCircleOutline } from 'ionicons/icons';
import type { JSX } from 'react';
import type { DocumentRequest } from '../../contract/document-requests';
import { paths } from '../../routing/paths';
import { formatCents } from './labels';

export function RequestDone({
  request,
  onAgain,
}: {
  request: DocumentRequest;
  onAgain: () => void;
}): JSX.Element {
  const { i18n } = useLingui();
  const price = formatCents(request.priceCents, i18n.locale);
  return (
    <div className="state-view request-done" role="status">
      <IonIcon
        icon={checkmarkCircleOutline}
        aria-hidden="true"
        className="state-view-icon request-done-icon"
      />
      <h2>
        <Trans>Richiesta inviata</Trans>
      </h2>
      <p>
        <Trans>
          La richiesta n. {request.id} è stata registrata. Costo: {price}. Puoi seguirne lo stato
          nell'archivio delle richieste.
        </Trans>
      </p>
      <IonButton routerLink={paths.archiveRequest(request.patientId)} routerDirection="root">
        <Trans>Vai alle mie richieste</Trans>
      </IonButton>
      <IonButton fill="clear" onClick={onAgain}>
        <Trans>Nuova richiesta</Trans>
      </IonButton>
    </div>
  );
}
