/**
 * Where the request stands: 1 Selection, 2 Delivery, 3 Summary. The current step's name is the step's heading:
 * it takes the focus when the step changes (`headingRef`, ui/step-focus.ts) and says "Passo 2 di 3".
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX, RefObject } from 'react';
import { type RequestStep, STEPS } from './draft';

export function StepIndicator({
  current,
  headingRef,
}: {
  current: RequestStep;
  headingRef?: RefObject<HTMLHeadingElement | null>;
}): JSX.Element {
  const { t } = useLingui();
  const labels: Record<RequestStep, string> = {
    select: t`Selezione`,
    delivery: t`Consegna`,
    summary: t`Riepilogo`,
  };
  const index = STEPS.indexOf(current);
  const position = index + 1;
  const count = STEPS.length;
  return (
    <ol className="request-steps" aria-label={t`Passi della richiesta`}>
      {STEPS.map((step, at) => (
        <li
          key={step}
          className={at === index ? 'request-step-current' : at < index ? 'request-step-done' : undefined}
          aria-current={at === index ? 'step' : undefined}
        >
          <span className="request-step-number" aria-hidden={at === index ? true : undefined}>
            {at + 1}
          </span>
          {at === index ? (
            <h2 className="request-step-label focus-heading" tabIndex={-1} ref={headingRef}>
              <span className="visually-hidden">
                <Trans>
                  Passo {position} di {count}:
                </Trans>{' '}
              </span>
              {labels[step]}
            </h2>
          ) : (
            <span className="request-step-label">{labels[step]}</span>
          )}
        </li>
      ))}
    </ol>
  );
}
