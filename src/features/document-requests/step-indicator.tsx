/** Where the request stands: 1 Selection, 2 Delivery, 3 Summary. */
import { useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { type RequestStep, STEPS } from './draft';

export function StepIndicator({ current }: { current: RequestStep }): JSX.Element {
  const { t } = useLingui();
  const labels: Record<RequestStep, string> = {
    select: t`Selezione`,
    delivery: t`Consegna`,
    summary: t`Riepilogo`,
  };
  const index = STEPS.indexOf(current);
  return (
    <ol className="request-steps" aria-label={t`Passi della richiesta`}>
      {STEPS.map((step, position) => (
        <li
          key={step}
          className={
            position === index ? 'request-step-current' : position < index ? 'request-step-done' : undefined
          }
          aria-current={position === index ? 'step' : undefined}
        >
          <span className="request-step-number">{position + 1}</span>
          <span className="request-step-label">{labels[step]}</span>
        </li>
      ))}
    </ol>
  );
}
