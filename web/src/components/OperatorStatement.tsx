import { OPERATOR, PRODUCT_NAME } from '../lib/constants';
import { contactHref } from '../lib/operator';

/**
 * Who runs the site, what funds it and how to reach them, as configured (lib/operator.ts); a
 * build that names nobody says it is a demonstration. `brief`: one sentence inside the home
 * page's statement, which must stay within a phone's first screen.
 */
export function OperatorStatement({ brief = false }: { brief?: boolean }) {
  const Element = brief ? 'span' : 'p';
  if (OPERATOR.demonstration) {
    return (
      <Element data-testid="operator">
        {brief
          ? 'A demonstration: no organisation runs or funds it, and its data is fictional.'
          : `This copy of ${PRODUCT_NAME} is a demonstration: no organisation runs it, nothing funds it, and nobody answers for its figures, which are fictional sample data.`}
      </Element>
    );
  }
  return (
    <Element data-testid="operator">
      {brief ? 'Run by' : `${PRODUCT_NAME} is run by`} <strong>{OPERATOR.name}</strong>. Funding:{' '}
      {OPERATOR.funding} Contact: <a href={contactHref(OPERATOR.contact)}>{OPERATOR.contact}</a>
    </Element>
  );
}
