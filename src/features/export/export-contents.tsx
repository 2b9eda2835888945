/** What the archive holds, how long it is kept, and what it leaves out: read once, before the first one. */
import { Plural, Trans } from '@lingui/react/macro';
import type { JSX } from 'react';
import { EXPORT_LIFETIME_DAYS } from '../../contract/export';

export function ExportContents(): JSX.Element {
  return (
    <section className="export-contents" aria-labelledby="export-contents-title">
      <h2 id="export-contents-title">
        <Trans>Cosa contiene</Trans>
      </h2>
      <ul>
        <li>
          <Trans>Ogni documento che puoi vedere, in PDF, in una cartella per anno</Trans>
        </li>
        <li>
          <Trans>La sintesi sanitaria, in PDF e in formato FHIR (JSON)</Trans>
        </li>
        <li>
          <Trans>L'intero fascicolo come FHIR Bundle, per un altro sistema sanitario</Trans>
        </li>
        <li>
          <Trans>
            Una pagina <code>index.html</code> che si apre in qualunque browser, anche senza connessione
          </Trans>
        </li>
      </ul>
      <p className="export-note">
        <Trans>
          I documenti conservati offline non sono inclusi: ripristinali dal dossier prima di preparare
          l'archivio.
        </Trans>{' '}
        <Plural
          value={EXPORT_LIFETIME_DAYS}
          one="L'archivio resta disponibile per # giorno, poi viene cancellato."
          other="L'archivio resta disponibile per # giorni, poi viene cancellato."
        />
      </p>
    </section>
  );
}
