/**
 * "Nuovo link" in one sheet: the form, then, once the server made the link, the same sheet shows it ready
 * (QR code, address, passcode). Whatever the server refuses, the form stays as typed with the error at its
 * field.
 */
import { IonButton } from '@ionic/react';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { FormEvent, JSX } from 'react';
import { useEffect, useState } from 'react';
import { failureMessage } from '../../api/error-report';
import { paths } from '../../routing/paths';
import { Sheet } from '../../ui/sheet';
import '../../ui/forms.css';
import { createLink } from './api';
import { LinkReady, type ReadyLink } from './link-ready';
import {
  bodyOf,
  checkDraft,
  type DraftProblems,
  type LinkDraft,
  newDraft,
  problemsOfReply,
} from './new-link';
import { FIELD_CONTROL, NewLinkForm } from './new-link-form';

/** The first field in error, in the form's order, takes the focus (and scrolls into view) with its message. */
function focusFirst(problems: DraftProblems): void {
  const field = (Object.keys(FIELD_CONTROL) as (keyof DraftProblems)[]).find((name) => problems[name]);
  if (field) window.setTimeout(() => document.getElementById(FIELD_CONTROL[field])?.focus(), 0);
}

export function NewLinkSheet({
  open,
  patientId,
  onClose,
  onCreated,
}: {
  open: boolean;
  patientId: number;
  onClose: () => void;
  /** The list has a new link: load it again. */
  onCreated: () => void;
}): JSX.Element {
  const { t, i18n } = useLingui();
  const [draft, setDraft] = useState<LinkDraft>(newDraft);
  const [problems, setProblems] = useState<DraftProblems>({});
  const [error, setError] = useState<MessageDescriptor | null>(null);
  const [busy, setBusy] = useState(false);
  const [ready, setReady] = useState<ReadyLink | null>(null);

  // Each opening starts a new link, with a new suggested passcode.
  useEffect(() => {
    if (!open) return;
    setDraft(newDraft());
    setProblems({});
    setError(null);
    setReady(null);
  }, [open]);

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    const found = checkDraft(draft);
    setProblems(found);
    setError(null);
    if (Object.keys(found).length > 0) {
      focusFirst(found);
      return;
    }
    setBusy(true);
    try {
      const body = bodyOf(draft, patientId, new Date());
      const created = await createLink(body);
      setReady({
        url: paths.shlViewer(created.shlink, window.location.origin),
        label: body.label,
        passcode: body.passcode ?? null,
        expiresAt: body.expiresAt ?? '',
      });
      onCreated();
    } catch (failure) {
      const atFields = problemsOfReply(failure);
      if (atFields) {
        setProblems(atFields);
        focusFirst(atFields);
      } else setError(failureMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Sheet
      open={open}
      onClose={onClose}
      closeDisabled={busy}
      className="shl-sheet"
      title={ready ? t`Link pronto` : t`Nuovo link`}
      footer={
        <div className="shl-submit">
          {error && (
            <p className="field-error" role="alert">
              {i18n._(error)}
            </p>
          )}
          {ready ? (
            <IonButton expand="block" onClick={onClose}>
              <Trans>Fatto</Trans>
            </IonButton>
          ) : (
            <IonButton type="submit" form="shl-form" expand="block" disabled={busy}>
              <Trans>Crea il link</Trans>
            </IonButton>
          )}
        </div>
      }
    >
      {ready ? (
        <LinkReady link={ready} />
      ) : (
        <form id="shl-form" noValidate onSubmit={(event) => void submit(event)}>
          <NewLinkForm
            patientId={patientId}
            draft={draft}
            problems={problems}
            onChange={(change) => setDraft((current) => ({ ...current, ...change }))}
          />
        </form>
      )}
    </Sheet>
  );
}
