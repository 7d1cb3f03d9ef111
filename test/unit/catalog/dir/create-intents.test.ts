/**
 * Interrupted creates: at open, a journaling catalog removes a table whose create left its intent
 * behind without committing, and keeps tables declared on purpose and creates that committed.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connect } from '../../../../src-main/catalog';
import { CreateIntents } from '../../../../src-main/catalog/dir/create-intents';
import { STATE_FOLDER } from '../../../../src-main/catalog/dir/state-folder';
import { sampleTable } from '../../../support/sample-data';

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'cs-intents-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const creating = () => join(root, STATE_FOLDER, 'creating');

describe('CreateIntents', () => {
  it('records a create while it runs and clears it when it ends', () => {
    const intents = new CreateIntents(root);
    const first = intents.begin({ namespacePath: ['ns'], name: 't' });
    const second = intents.begin({ namespacePath: ['ns'], name: 't' });
    expect(readdirSync(creating())).toHaveLength(2);
    first();
    expect(intents.leftovers().map((l) => l.intent)).toEqual([
      { namespacePath: ['ns'], name: 't' },
    ]);
    second();
    expect(intents.leftovers()).toEqual([]);
  });

  it('drops a record torn by a crash', () => {
    const intents = new CreateIntents(root);
    intents.begin({ namespacePath: [], name: 'x' });
    writeFileSync(join(creating(), 'torn.json'), '{"namespacePath":[');
    expect(intents.leftovers()).toHaveLength(1);
    expect(readdirSync(creating())).toHaveLength(1);
  });
});

describe('opening a journaling catalog', () => {
  it('removes a cut-off create and keeps declared and committed tables', async () => {
    const before = await connect(root, { journal: true });
    await before.createNamespace(['ns']);
    // A create cut off after LanceDB declared the table: the state the crash test produces.
    const { location } = await before.declareTable('cut', ['ns']);
    new CreateIntents(root).begin({ namespacePath: ['ns'], name: 'cut' });
    await before.declareTable('wanted', ['ns']);
    await before.createTable('done', sampleTable(5, 8), ['ns']);
    new CreateIntents(root).begin({ namespacePath: ['ns'], name: 'done' });
    expect((await before.listTables(['ns'])).tables.sort()).toEqual(['cut', 'done', 'wanted']);
    await before.close();

    const after = await connect(root, { journal: true });
    expect((await after.listTables(['ns'])).tables.sort()).toEqual(['done', 'wanted']);
    expect(existsSync(location)).toBe(false);
    expect(await (await after.openTable('done', ['ns'])).countRows()).toBe(5);
    expect(new CreateIntents(root).leftovers()).toEqual([]);
    await after.createTable('cut', sampleTable(2, 8), ['ns']);
    expect(await (await after.openTable('cut', ['ns'])).countRows()).toBe(2);
    await after.close();
  });

  it('leaves everything alone without the journal', async () => {
    const before = await connect(root);
    await before.createNamespace(['ns']);
    await before.declareTable('cut', ['ns']);
    new CreateIntents(root).begin({ namespacePath: ['ns'], name: 'cut' });
    await before.close();
    const after = await connect(root);
    expect((await after.listTables(['ns'])).tables).toEqual(['cut']);
    await after.close();
  });
});
