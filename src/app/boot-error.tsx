import type { JSX } from 'react';

/**
 * Shown when the portal cannot start (no runtime configuration): Lingui is not loaded yet, so the text
 * is given in both languages on purpose.
 */
export function BootError({ onRetry }: { onRetry: () => void }): JSX.Element {
  return (
    <main className="boot-error" role="alert">
      <h1 lang="it">Il portale non è disponibile</h1>
      <p lang="it">Non è stato possibile caricare la configurazione. Riprova tra qualche istante.</p>
      <p lang="en">The portal is not available right now. Please try again in a moment.</p>
      <button type="button" onClick={onRetry}>
        Riprova / Retry
      </button>
    </main>
  );
}
