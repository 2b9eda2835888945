/**
 * `/readings`: the patient's own readings, newest first (notes too, which no trend shows): enter one,
 * correct one (the same form, filled in), delete one after a confirmation, see the versions of a corrected one.
 */
import { IonButton, IonIcon } from '@ionic/react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { addOutline } from 'ionicons/icons';
import { useAtomValue } from 'jotai';
import type { JSX } from 'react';
import { useCallback, useState } from 'react';
import { useLoader } from '../../api/use-loader';
import type { Reading, ReadingList } from '../../contract/results';
import { useDateFormat } from '../../i18n/dates';
import { paths } from '../../routing/paths';
import { currentUserAtom } from '../../session/session-atoms';
import { AccessRefusedState } from '../../ui/access-refused';
import { confirm } from '../../ui/confirm-dialog';
import { LoadedView } from '../../ui/loaded-view';
import { PageLayout } from '../../ui/page-layout';
import { Refresher } from '../../ui/refresher';
import { EmptyState } from '../../ui/state-views';
import { showToast } from '../../ui/toasts';
import { deleteReading, fetchReadings } from './api';
import { HistorySheet } from './history-sheet';
import { ReadingCard } from './reading-card';
import { KIND_LABEL } from './reading-kinds';
import { ReadingSheet } from './reading-sheet';
import './results.css';

const NONE: ReadingList = { readings: [] };

export function ReadingsPage(): JSX.Element {
  const { t, i18n } = useLingui();
  const { dateTime } = useDateFormat();
  const user = useAtomValue(currentUserAtom);
  // Only the patient writes readings: a guest or staff reads them on the trends.
  const patientId = user?.userType === 'PAT' ? user.patientId : null;
  const load = useCallback(
    () => (patientId === null ? Promise.resolve(NONE) : fetchReadings(patientId)),
    [patientId],
  );
  const { state, reload, update } = useLoader(load, { keepOnError: true });
  const [form, setForm] = useState<{ open: boolean; reading: Reading | null }>({
    open: false,
    reading: null,
  });
  const [history, setHistory] = useState<{ open: boolean; reading: Reading | null }>({
    open: false,
    reading: null,
  });
  const [busy, setBusy] = useState(false);

  const remove = async (reading: Reading): Promise<void> => {
    const kind = i18n._(KIND_LABEL[reading.kind]);
    const when = dateTime(reading.takenAt);
    const yes = await confirm({
      header: msg`Eliminare la misurazione?`,
      message: msg`${kind} del ${when} non comparirà più negli esami né negli andamenti.`,
      confirmLabel: msg`Elimina`,
      destructive: true,
    });
    if (!yes) return;
    setBusy(true);
    try {
      await deleteReading(reading.id);
      update((current) => ({ readings: current.readings.filter((each) => each.id !== reading.id) }));
      showToast('success', msg`Misurazione eliminata`);
    } catch {
      // The toast said why; the list may have changed meanwhile.
      await reload();
    } finally {
      setBusy(false);
    }
  };

  if (user && patientId === null)
    return (
      <PageLayout title={t`Le mie misurazioni`} backTo={paths.results()}>
        <AccessRefusedState />
      </PageLayout>
    );

  return (
    <PageLayout
      title={t`Le mie misurazioni`}
      backTo={paths.results()}
      refresher={<Refresher onRefresh={reload} />}
      className="results-page"
    >
      <IonButton
        className="readings-new"
        expand="block"
        onClick={() => setForm({ open: true, reading: null })}
      >
        <IonIcon slot="start" icon={addOutline} aria-hidden="true" />
        <Trans>Nuova misurazione</Trans>
      </IonButton>
      <LoadedView state={state} onRetry={() => void reload()} staleNotice>
        {({ readings }) =>
          readings.length === 0 ? (
            <EmptyState title={<Trans>Nessuna misurazione</Trans>}>
              <p>
                <Trans>
                  Pressione, glicemia, peso, battito o una nota: quello che inserisci lo vede anche il tuo
                  medico.
                </Trans>
              </p>
            </EmptyState>
          ) : (
            <div className="readings-list">
              {readings.map((reading) => (
                <ReadingCard
                  key={reading.id}
                  reading={reading}
                  busy={busy}
                  actions={{
                    onCorrect: (row) => setForm({ open: true, reading: row }),
                    onDelete: (row) => void remove(row),
                    onHistory: (row) => setHistory({ open: true, reading: row }),
                  }}
                />
              ))}
            </div>
          )
        }
      </LoadedView>
      {patientId !== null && (
        <ReadingSheet
          open={form.open}
          patientId={patientId}
          reading={form.reading}
          onClose={() => setForm((current) => ({ ...current, open: false }))}
          onSaved={() => void reload()}
        />
      )}
      <HistorySheet
        open={history.open}
        reading={history.reading}
        onClose={() => setHistory((current) => ({ ...current, open: false }))}
      />
    </PageLayout>
  );
}
