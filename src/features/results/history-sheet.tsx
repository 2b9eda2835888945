/** A reading's versions, first to last: what was entered, each correction, with when it was made. */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useCallback } from 'react';
import { useLoader } from '../../api/use-loader';
import type { Reading, ReadingVersion } from '../../contract/results';
import { useDateFormat } from '../../i18n/dates';
import { LoadedView } from '../../ui/loaded-view';
import { Sheet } from '../../ui/sheet';
import { fetchReadingHistory } from './api';
import { readingValueText } from './reading-kinds';

const CHANGE: Record<ReadingVersion['change'], MessageDescriptor> = {
  entered: msg`Inserita`,
  corrected: msg`Corretta`,
  deleted: msg`Eliminata`,
};

function Versions({ reading }: { reading: Reading }): JSX.Element {
  const { i18n } = useLingui();
  const { dateTime } = useDateFormat();
  const load = useCallback(() => fetchReadingHistory(reading.id), [reading.id]);
  const { state, reload } = useLoader(load);
  return (
    <LoadedView state={state} onRetry={() => void reload()}>
      {({ versions }) => (
        <ol className="reading-versions">
          {versions.map((version) => {
            const number = version.version;
            const changedAt = dateTime(version.changedAt);
            const takenAt = dateTime(version.takenAt);
            const value = readingValueText(reading.kind, version, i18n.locale);
            return (
              <li key={number} className={number === reading.version ? 'reading-version-current' : undefined}>
                <p className="reading-version-head">
                  <strong>
                    <Trans>Versione {number}</Trans>
                  </strong>{' '}
                  · {i18n._(CHANGE[version.change])}{' '}
                  <time className="reading-version-when" dateTime={version.changedAt}>
                    {changedAt}
                  </time>
                </p>
                {value && <p className="reading-version-value">{value}</p>}
                <p className="reading-version-taken">
                  <Trans>Misurata il {takenAt}</Trans>
                </p>
                {version.note && <p className="reading-card-note">{version.note}</p>}
              </li>
            );
          })}
        </ol>
      )}
    </LoadedView>
  );
}

/** `reading` stays set while the sheet closes, so its content does not vanish mid-animation. */
export function HistorySheet({
  open,
  reading,
  onClose,
}: {
  open: boolean;
  reading: Reading | null;
  onClose: () => void;
}): JSX.Element {
  const { t } = useLingui();
  return (
    <Sheet open={open} onClose={onClose} title={t`Versioni della misurazione`}>
      {reading && <Versions key={reading.id} reading={reading} />}
    </Sheet>
  );
}
