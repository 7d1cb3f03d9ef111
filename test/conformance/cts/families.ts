/** Every case table, by upstream family (one YAML file upstream, one module here). */
import { dataCases } from './cases/data';
import { indexCases } from './cases/index';
import { namespaceCases } from './cases/namespace';
import { tableCases } from './cases/table';
import { tagCases } from './cases/tag';
import { transactionCases } from './cases/transaction';
import type { CtsCase, Family } from './types';

export const FAMILIES: Record<Family, CtsCase[]> = {
  namespace: namespaceCases,
  table: tableCases,
  data: dataCases,
  index: indexCases,
  tag: tagCases,
  transaction: transactionCases,
};
