import { describe, expect, it } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';
import { appMenuTemplate } from '../../../src-main/app/app-menu';

describe('appMenuTemplate', () => {
  it('puts Open Folder and Serve Folder as REST Catalog in the File menu, each doing its act', () => {
    const done: string[] = [];
    const template = appMenuTemplate({
      openFolder: () => done.push('open'),
      serve: () => done.push('serve'),
    });
    const file = template.find((item) => item.label === 'File')!;
    const items = file.submenu as MenuItemConstructorOptions[];
    const item = (label: string) => items.find((i) => i.label === label)!;
    const click = (label: string) => (item(label).click as unknown as () => void)();
    click('Open Folder…');
    click('Serve Folder as REST Catalog…');
    expect(done).toEqual(['open', 'serve']);
    expect(item('Open Folder…').accelerator).toBe('CmdOrCtrl+O');
  });
});
