/** An archive being prepared: queued (waiting for the server) or running, `documentsDone` of `documentsTotal`. */
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX, Ref } from 'react';
import type { RecordExport } from '../../contract/export';
import { IonProgressBar } from '../../ui/ionic/progress-bar';

export function ExportProgress({
  job,
  heading,
}: {
  job: RecordExport;
  heading: Ref<HTMLHeadingElement>;
}): JSX.Element {
  const { t } = useLingui();
  const total = job.documentsTotal;
  const done = Math.min(job.documentsDone, total ?? job.documentsDone);
  const counted = job.state === 'running' && total !== null && total > 0;
  const progress = counted
    ? t`${done} di ${total} documenti`
    : job.state === 'queued'
      ? t`In attesa di iniziare…`
      : t`Preparazione in corso…`;
  return (
    <section className="export-card" aria-labelledby="export-card-title">
      <h2 id="export-card-title" ref={heading} tabIndex={-1}>
        <Trans>Preparazione dell'archivio</Trans>
      </h2>
      <IonProgressBar
        className="export-progress"
        type={counted ? 'determinate' : 'indeterminate'}
        value={counted ? done / total : undefined}
        aria-label={t`Avanzamento dell'archivio`}
        aria-valuetext={progress}
      />
      <p className="export-progress-text" aria-live="polite">
        {progress}
      </p>
      <p className="export-note">
        <Trans>
          Puoi lasciare questa schermata: la preparazione continua e ti avvisiamo quando è pronto.
        </Trans>
      </p>
    </section>
  );
}
