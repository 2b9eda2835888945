/** Step 3: what is asked, how it arrives, and the price the server computed, line by line. */
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import type { PriceLine, Quote } from '../../contract/document-requests';
import { useDateFormat } from '../../i18n/dates';
import type { RequestDraft } from './draft';
import { DELIVERY_TYPE_LABEL, formatCents, ID_TYPE_LABEL, MODALITY_LABEL, SUPPORT_LABEL } from './labels';
import { wantsImages } from './selection';

function LineLabel({ line }: { line: PriceLine }): JSX.Element {
  const { i18n } = useLingui();
  if (line.code === 'FEE') return <Trans>Spese di consegna</Trans>;
  const support = i18n._(SUPPORT_LABEL[line.code]);
  switch (line.target) {
    case 'IMAGE':
      return <Trans>Immagini · {support}</Trans>;
    case 'RECORD':
      return <Trans>Cartelle cliniche · {support}</Trans>;
    default:
      return <Trans>Referti · {support}</Trans>;
  }
}

export function SummaryStep({ draft, quote }: { draft: RequestDraft; quote: Quote }): JSX.Element {
  const { t, i18n } = useLingui();
  const format = useDateFormat();
  const money = (cents: number): string => formatCents(cents, i18n.locale);
  const { delivery } = draft;
  const delegate = delivery.modality === 'DELEGATE' ? delivery.info.delegated : null;
  return (
    <div className="request-summary">
      <section aria-labelledby="summary-items">
        <h2 className="request-section-title" id="summary-items">
          {draft.kind === 'REPORTS' ? <Trans>Documenti richiesti</Trans> : <Trans>Ricoveri richiesti</Trans>}
        </h2>
        <ul className="summary-list">
          {Object.entries(draft.selected).map(([id, entry]) => (
            <li key={id}>
              <span className="summary-item-title" lang="it">
                {entry.title}
              </span>
              <span className="summary-item-meta">
                {[
                  entry.document && (draft.kind === 'REPORTS' ? t`Referto` : t`Cartella clinica`),
                  entry.dicom && t`Immagini`,
                  entry.numCopies === 1 ? t`1 copia` : t`${entry.numCopies} copie`,
                  entry.date && format.date(entry.date),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="summary-delivery">
        <h2 className="request-section-title" id="summary-delivery">
          <Trans>Consegna</Trans>
        </h2>
        <dl className="summary-facts">
          <dt>{t`Modalità`}</dt>
          <dd>{i18n._(DELIVERY_TYPE_LABEL[delivery.type])}</dd>
          {delivery.type === 'DESK' && (
            <>
              <dt>{t`Chi ritira`}</dt>
              <dd>{i18n._(MODALITY_LABEL[delivery.modality])}</dd>
            </>
          )}
          <dt>{t`Supporto`}</dt>
          <dd>
            {i18n._(SUPPORT_LABEL[delivery.documentSupport])}
            {wantsImages(draft) &&
              delivery.imageSupport &&
              ` · ${i18n._(SUPPORT_LABEL[delivery.imageSupport])}`}
          </dd>
          {delivery.type !== 'DESK' && (
            <>
              <dt>{t`Indirizzo`}</dt>
              <dd>
                {`${delivery.info.name} ${delivery.info.surname}, ${delivery.info.address} ${delivery.info.addressNumber}, ${delivery.info.zip} ${delivery.info.city} (${delivery.info.province.toUpperCase()})`}
              </dd>
            </>
          )}
          {delegate && (
            <>
              <dt>{t`Delegato`}</dt>
              <dd>
                {`${delegate.name} ${delegate.surname}`}
                {delegate.document &&
                  ` · ${i18n._(ID_TYPE_LABEL[delegate.document])} ${delegate.documentNumber}`}
              </dd>
            </>
          )}
        </dl>
      </section>
      <section aria-labelledby="summary-price">
        <h2 className="request-section-title" id="summary-price">
          <Trans>Costo</Trans>
        </h2>
        <table className="price-table">
          <tbody>
            {quote.lines.map((line) => (
              <tr key={`${line.target}-${line.code}`}>
                <th scope="row">
                  <LineLabel line={line} />
                  {line.quantity > 1 && <span className="price-quantity"> × {line.quantity}</span>}
                </th>
                <td>{money(line.totalCents)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">
                <Trans>Totale</Trans>
              </th>
              <td data-testid="request-total">{money(quote.priceCents)}</td>
            </tr>
          </tfoot>
        </table>
        <p className="request-note">
          <Trans>
            Il costo è calcolato dal servizio secondo il tariffario dell'ospedale e si paga al ritiro o alla
            consegna.
          </Trans>
        </p>
      </section>
    </div>
  );
}
