import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import type { AuthenticatorPending } from '../../contract';
import { groupKey, svgDataUrl } from './authenticator-api';

/** The new key: its QR code to scan, beside it the key as text and the setup link, and until when. */
export function NewKey({ pending }: { pending: AuthenticatorPending }): JSX.Element {
  const { t, i18n } = useLingui();
  const until = i18n.date(pending.expiresAt, { timeStyle: 'short' });
  return (
    <>
      <p>
        <Trans>Inquadra il codice QR con l'app di autenticazione, poi inserisci il codice che mostra.</Trans>
      </p>
      <img
        id="authenticator-qr"
        className="authenticator-qr"
        src={svgDataUrl(pending.qrSvg)}
        alt={t`Codice QR per aggiungere questo account all'app di autenticazione`}
        width={220}
        height={220}
        data-otpauth={pending.uri}
      />
      <p>
        <Trans>Oppure inserisci questa chiave nell'app (basata sul tempo, 6 cifre, ogni 30 secondi):</Trans>
      </p>
      <p className="authenticator-key">
        <code id="authenticator-key">{groupKey(pending.secret)}</code>
      </p>
      <p>
        <a href={pending.uri}>
          <Trans>Sul telefono che ha l'app: aggiungi con il collegamento di configurazione</Trans>
        </a>
      </p>
      <p className="authenticator-hint">
        <Trans>La nuova chiave va confermata entro le {until}; fino ad allora vale quella attuale.</Trans>
      </p>
    </>
  );
}
