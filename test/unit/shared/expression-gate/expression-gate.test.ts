import { describe, expect, it } from 'vitest';
import { gateExpression } from '../../../../src-shared/expression-gate/expression-gate';
import { GATE_LIMITS } from '../../../../src-shared/expression-gate/gate-limits';
import { isCatalogError } from '../../../../src-shared/vocabulary/errors';

const gate = (text: string) => gateExpression(text, { what: 'filter' });

function refusal(text: string): { message: string; offset: number; limit?: string } {
  try {
    gate(text);
  } catch (error) {
    if (!isCatalogError(error)) throw error;
    expect(error.code).toBe(13);
    expect(error.status).toBe(400);
    const detail = JSON.parse(error.detail ?? '{}') as { offset: number; limit?: string };
    return { message: error.message, ...detail };
  }
  throw new Error(`passed the gate: ${text.slice(0, 80)}`);
}

describe('the expression gate', () => {
  it('passes what people write, unchanged', () => {
    for (const text of [
      'id > 5',
      "`a.b`.c > 1 AND s LIKE 'x%' AND arr[1] = 2 AND CAST(x AS DOUBLE) > 1e-3",
      "ts >= timestamp '2024-01-01T00:00:00' AND x::int = 1 AND y IS NOT NULL",
      "regexp_like(s, '^a.*z$') OR s ~* 'b'",
      "lpad(code, 8, '0') = '00001234' AND repeat('-', 3) = '---'",
      "concat(first, ' ', last) = 'Ada Lovelace'",
      'array_has(tags, 1) AND cardinality(tags) BETWEEN 1 AND 10',
      "date_trunc('day', ts) = date '2024-01-01' AND extract(year FROM ts) = 2024",
      "CASE WHEN a > 1 THEN 'big' ELSE 'small' END = 'big'",
      '_rowid IN (1, 2, 3) AND NOT (a = 1 OR b = 2)',
      "levenshtein(name, 'lovelace') < 3",
      'id / 0 > 1',
      `s = '${'x'.repeat(100_000)}'`,
    ]) {
      expect(gate(text)).toBe(text);
    }
  });

  it('refuses an arithmetic chain long before LanceDB crashes (~700 terms), naming the limit and place', () => {
    const text = `${Array.from({ length: 700 }, () => 'id').join(' + ')} > 0`;
    const refused = refusal(text);
    expect(refused.limit).toBe('maxDepth');
    expect(refused.message).toMatch(/^The filter was refused: .*32 levels.*at character 1/);
  });

  it('refuses an AND chain past its limit at the first operand too many', () => {
    const terms = Array.from({ length: GATE_LIMITS.maxChain + 1 }, (_, i) => `id <> ${i}`);
    const refused = refusal(terms.join(' AND '));
    expect(refused.limit).toBe('maxChain');
    expect(refused.offset).toBe(terms.slice(0, GATE_LIMITS.maxChain).join(' AND ').length + 5);
    expect(gate(terms.slice(0, GATE_LIMITS.maxChain).join(' AND '))).toMatch(/^id <> 0 AND/);
  });

  it('turns a long OR chain of equalities into one IN list, keeping the other conditions', () => {
    const keys = Array.from({ length: 5_000 }, (_, i) => `id = ${i - 2}`);
    const text = `(${keys.join(' OR ')} OR name = 'x' OR name = 'y' OR flag) AND ok`;
    const gated = gate(text);
    expect(gated).toMatch(/^\(\(id IN \(-2, -1, 0, 1, /);
    expect(gated).toContain("name IN ('x', 'y')");
    expect(gated).toMatch(/ OR flag\)\) AND ok$/);
    expect(gated.split(' OR ').length).toBe(3);
  });

  it('leaves a short OR chain as written', () => {
    const text = Array.from(
      { length: GATE_LIMITS.rewriteOrChainsOver },
      (_, i) => `id = ${i}`,
    ).join(' OR ');
    expect(gate(text)).toBe(text);
  });

  it('refuses an IN list longer than its limit', () => {
    const list = Array.from({ length: GATE_LIMITS.maxInItems + 1 }, (_, i) => i).join(', ');
    expect(refusal(`id IN (${list})`).limit).toBe('maxInItems');
  });

  it('refuses text longer than its limit without reading it', () => {
    const refused = refusal(`s = '${'x'.repeat(GATE_LIMITS.maxLength)}'`);
    expect(refused.limit).toBe('maxLength');
    expect(refused.offset).toBe(GATE_LIMITS.maxLength);
  });

  it('refuses functions that would allocate without bound', () => {
    expect(refusal("length(repeat('x', 150000000)) > 0")).toMatchObject({
      limit: 'maxLength',
      offset: 7,
    });
    expect(refusal('length(repeat(s, 1000)) > 0').limit).toBe('maxColumnFactor');
    expect(refusal("lpad(s, 100000, 'x') = ''").limit).toBe('maxConstantBytes');
    expect(refusal(`concat(s, '${'y'.repeat(60_000)}') = ''`).limit).toBe('maxConstantBytes');
    expect(refusal(`${Array.from({ length: 20 }, () => 's').join(' || ')} = ''`).limit).toBe(
      'maxColumnFactor',
    );
    expect(refusal("replace(s, 'a', '" + 'b'.repeat(100) + "') = ''").limit).toBe(
      'maxColumnFactor',
    );
    expect(refusal('array_length(range(0, 100000000)) > 0').limit).toBe('maxLength');
    expect(refusal("repeat('x', n) = ''").message).toMatch(/count of repeat must be a number/);
    expect(refusal('levenshtein(a, b) < 2').message).toMatch(/levenshtein/);
  });

  it('refuses functions that are not on the list, and aggregates', () => {
    expect(refusal('sum(x) > 1').message).toMatch(/function sum is not allowed/);
    expect(refusal('read_parquet(x) > 1').message).toMatch(/read_parquet/);
    expect(refusal('count(*) > 0').message).toMatch(/aggregate/);
  });

  it('refuses what is not text', () => {
    expect(() => gateExpression(42, { what: 'filter' })).toThrow(/must be text/);
  });
});
