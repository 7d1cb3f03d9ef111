/**
 * Packaging for the desktop app: `npm run dist` builds the renderer, main and preload into dist/
 * and packages them with the production dependencies (`dependencies` in package.json: what
 * dist/main/main.cjs loads at run time; the renderer's libraries are bundled into dist/renderer,
 * so they are devDependencies and are not shipped a second time).
 */
import { asarUnpackGlobs } from './scripts/native-modules.mjs';

export default {
  appId: 'dev.catalogstudio.app',
  productName: 'Catalog Studio',
  directories: { output: 'out/dist', buildResources: 'assets' },
  files: ['dist/**', 'package.json'],
  // Native modules and .wasm files read by path cannot load from inside an asar archive.
  asarUnpack: asarUnpackGlobs(),
  linux: { target: ['AppImage', 'deb'], category: 'Development', icon: 'assets/icon.svg' },
  mac: { target: ['dmg'], category: 'public.app-category.developer-tools' },
  win: { target: ['nsis'] },
};
