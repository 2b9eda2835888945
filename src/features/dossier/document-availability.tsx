/**
 * Availability of a document (spec section 4): a chip with icon and text; an offline document offers
 * "Recupera" (restore), then shows the restore in progress, polled every 5 s until it is online.
 */
import { IonButton, IonIcon } from '@ionic/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  alertCircleOutline,
  archiveOutline,
  checkmarkCircleOutline,
  eyeOffOutline,
  hourglassOutline,
} from 'ionicons/icons';
import type { JSX } from 'react';
import { useState } from 'react';
import type { Document, DocumentStatus } from '../../contract/documents';
import { fetchDocument, restoreDocument } from './api';
import { usePolling } from './use-polling';

interface StatusLook {
  label: MessageDescriptor;
  icon: string;
  tone: 'success' | 'medium' | 'warning' | 'danger';
}

export function statusLook(status: DocumentStatus): StatusLook {
  switch (status) {
    case 'ONLINE':
      return { label: msg`Disponibile`, icon: checkmarkCircleOutline, tone: 'success' };
    case 'OFFLINE':
      return { label: msg`In archivio`, icon: archiveOutline, tone: 'medium' };
    case 'RESTORING':
      return { label: msg`Recupero in corso`, icon: hourglassOutline, tone: 'warning' };
    case 'ERROR':
      return { label: msg`Errore`, icon: alertCircleOutline, tone: 'danger' };
    case 'NOT_READABLE':
      return { label: msg`Non leggibile`, icon: eyeOffOutline, tone: 'medium' };
  }
}

export function statusLabel(status: DocumentStatus): MessageDescriptor {
  return statusLook(status).label;
}

export function AvailabilityChip({ status }: { status: DocumentStatus }): JSX.Element {
  const { i18n } = useLingui();
  const look = statusLook(status);
  return (
    <span className={`availability-chip tone-${look.tone}`}>
      <IonIcon icon={look.icon} aria-hidden="true" />
      {i18n._(look.label)}
    </span>
  );
}

/** The chip plus what the user can do or needs to know for that state. */
export function DocumentAvailability({
  document,
  onChange,
}: {
  document: Document;
  onChange: (document: Document) => void;
}): JSX.Element {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);

  usePolling(document.status === 'RESTORING', async () => {
    const fresh = await fetchDocument(document.id);
    if (fresh.status !== document.status) onChange(fresh);
  });

  const restore = async (): Promise<void> => {
    setBusy(true);
    try {
      onChange(await restoreDocument(document.id));
    } catch {
      // The error toast says why.
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="availability">
      <AvailabilityChip status={document.status} />
      {document.status === 'OFFLINE' && (
        <IonButton
          size="small"
          fill="outline"
          disabled={busy}
          onClick={() => void restore()}
          aria-label={t`Recupera il documento ${document.title}`}
        >
          <Trans>Recupera</Trans>
        </IonButton>
      )}
      {document.status === 'RESTORING' && (
        <span className="availability-note">
          <Trans>Il documento sarà disponibile tra poco.</Trans>
        </span>
      )}
      {document.status === 'ERROR' && (
        <span className="availability-note">
          <Trans>Il documento non è recuperabile al momento: riprova più tardi o contatta l'help desk.</Trans>
        </span>
      )}
      {document.status === 'NOT_READABLE' && (
        <span className="availability-note">
          <Trans>Il documento non può essere visualizzato.</Trans>
        </span>
      )}
    </div>
  );
}
