/** An answer as words: the options' texts, a number with its unit, a date in the user's format. */
import type { AnswerValue, QuestionnaireItem } from '../../contract/surveys';
import { itemBounds } from '../../contract/surveys';

export function answerText(
  item: QuestionnaireItem,
  answers: readonly AnswerValue[],
  formatDate: (iso: string) => string,
): string {
  const unit = itemBounds(item).unit;
  return answers
    .map((answer) => {
      if ('valueCoding' in answer)
        return (
          item.answerOption?.find((o) => o.valueCoding.code === answer.valueCoding.code)?.valueCoding
            .display ?? answer.valueCoding.code
        );
      if ('valueInteger' in answer)
        return unit ? `${answer.valueInteger} ${unit}` : String(answer.valueInteger);
      if ('valueDecimal' in answer)
        return unit ? `${answer.valueDecimal} ${unit}` : String(answer.valueDecimal);
      if ('valueDate' in answer) return formatDate(answer.valueDate);
      return answer.valueString;
    })
    .join(', ');
}
