import { IonApp } from '@ionic/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppStore } from '../../state/store';
import { freshApp, signIn } from '../../test/helpers';
import { UploadSheet } from './upload-sheet';

let store: AppStore;
const sent: { method: string; url: string; form: FormData }[] = [];
let answer: { status: number; body: unknown } = { status: 201, body: {} };

/** The one XMLHttpRequest the upload makes: records it and answers `answer`, with progress. */
class FakeXhr {
  status = 0;
  responseText = '';
  timeout = 0;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  private target = { method: '', url: '' };
  open(method: string, url: string): void {
    this.target = { method, url };
  }
  setRequestHeader(): void {}
  send(form: FormData): void {
    sent.push({ ...this.target, form });
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 } as ProgressEvent);
      this.status = answer.status;
      this.responseText = JSON.stringify(answer.body);
      this.onload?.();
    }, 5);
  }
}

const types = [{ code: 'EXT_LAB', desc: 'Esami di laboratorio' }];

function renderSheet(onSaved = vi.fn()): void {
  render(
    <Provider store={store}>
      <I18nProvider i18n={i18n}>
        <IonApp>
          <UploadSheet
            open
            editing={null}
            types={types}
            physicians={[]}
            onClose={vi.fn()}
            onSaved={onSaved}
          />
        </IonApp>
      </I18nProvider>
    </Provider>,
  );
}

const pdfFile = (name: string, text = '%PDF-1.7 …'): File =>
  new File([text], name, { type: 'application/pdf' });
const choose = (file: File): void => {
  const input = document.querySelector('input[accept="application/pdf,.pdf"]');
  if (!input) throw new Error('no file input');
  fireEvent.change(input, { target: { files: [file] } });
};

beforeEach(async () => {
  store = freshApp();
  await signIn();
  sent.length = 0;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

describe('the upload sheet', () => {
  it('refuses bytes that are not a PDF on the device and keeps what was typed', async () => {
    renderSheet();
    fireEvent.change(await screen.findByLabelText('Titolo *'), { target: { value: 'Esame urine' } });
    choose(new File(['GIF89a'], 'foto.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText("Il formato del documento dev'essere .pdf")).toBeTruthy();
    fireEvent.click(screen.getByText('Carica il documento'));
    await waitFor(() => expect(screen.getAllByText('Campo obbligatorio').length).toBe(1));
    expect(sent).toHaveLength(0);
    expect((screen.getByLabelText('Titolo *') as HTMLInputElement).value).toBe('Esame urine');
  });

  it('names the title after the file, sends the form, and shows the server refusal beside the file', async () => {
    answer = {
      status: 413,
      body: {
        status: 413,
        code: 'UPLOAD_TOO_LARGE',
        message: 'File troppo pesante',
        fields: [{ field: 'file', code: 'tooLong' }],
      },
    };
    const onSaved = vi.fn();
    renderSheet(onSaved);
    await screen.findByLabelText('Titolo *');
    choose(pdfFile('../scansioni/Referto_cardio.pdf'));
    await waitFor(() =>
      expect((screen.getByLabelText('Titolo *') as HTMLInputElement).value).toBe('Referto cardio'),
    );
    fireEvent.change(screen.getByLabelText('Tipo di documento *'), { target: { value: 'EXT_LAB' } });
    fireEvent.click(screen.getByText('Carica il documento'));
    expect(await screen.findByText('File troppo pesante')).toBeTruthy();
    expect(onSaved).not.toHaveBeenCalled();
    expect(sent[0]?.method).toBe('POST');
    expect(sent[0]?.url).toMatch(/\/uploadedDocuments$/);
    expect(sent[0]?.form.get('documentType')).toBe('EXT_LAB');
    expect(sent[0]?.form.get('title')).toBe('Referto cardio');
    expect((screen.getByLabelText('Titolo *') as HTMLInputElement).value).toBe('Referto cardio');
  });
});
