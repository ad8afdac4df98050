import { describe, expect, it } from 'vitest';
import { DIMENSIONS } from './dimensions.ts';
import type { ProductFunction } from './functions.ts';
import { DESIGN_PLAYBOOK } from './playbook/design.ts';
import { DEVELOPMENT_PLAYBOOK } from './playbook/development.ts';
import { GTM_PLAYBOOK } from './playbook/gtm.ts';
import { INTELLIGENCE_PLAYBOOK } from './playbook/intelligence.ts';
import { OPERATIONS_PLAYBOOK } from './playbook/operations.ts';
import { STRATEGY_PLAYBOOK } from './playbook/strategy.ts';

const PLAYBOOK_BY_FUNCTION: Record<ProductFunction, object> = {
  strategy: STRATEGY_PLAYBOOK,
  design: DESIGN_PLAYBOOK,
  development: DEVELOPMENT_PLAYBOOK,
  intelligence: INTELLIGENCE_PLAYBOOK,
  operations: OPERATIONS_PLAYBOOK,
  gtm: GTM_PLAYBOOK,
};

describe('playbook files', () => {
  // The type system only checks that every dimension is present somewhere;
  // this keeps each entry in the file a reader would look in.
  it('hold exactly the dimensions of the function they are named after, in framework order', () => {
    for (const [fn, entries] of Object.entries(PLAYBOOK_BY_FUNCTION)) {
      const expected = DIMENSIONS.filter((dimension) => dimension.function === fn).map((dimension) => dimension.id);
      expect(Object.keys(entries), fn).toEqual(expected);
    }
  });
});
