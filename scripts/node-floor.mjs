#!/usr/bin/env node
/**
 * Whether the Node running this is the one package.json's `engines` declares: the 22 line from
 * 22.13 on, the floor of the dependencies' own `engines` (LanceDB and the cloud SDKs need 22,
 * ESLint ^22.13), and the line CI tests on. Read by `npm test` (a closing line when it is not)
 * and by .ci/run, which fetches Node 22 from the npm registry when the machine's is older.
 *
 *   node scripts/node-floor.mjs     exit 0 when this Node fits, else 1 with one line saying so
 */
import { readFileSync } from 'node:fs';
import process from 'node:process';
import { URL, pathToFileURL } from 'node:url';

/** The declared range, read from package.json: `^MAJOR.MINOR.PATCH`. */
export function declaredNode() {
  const manifest = new URL('../package.json', import.meta.url);
  return JSON.parse(readFileSync(manifest, 'utf8')).engines.node;
}

/** Whether `version` (e.g. 22.23.3) satisfies a caret range such as ^22.13.0. */
export function fitsCaret(range, version) {
  const [major, minor, patch] = range.replace(/^\^/, '').split('.').map(Number);
  const [hasMajor, hasMinor, hasPatch] = version.split('.').map(Number);
  if (hasMajor !== major) return false;
  return hasMinor > minor || (hasMinor === minor && hasPatch >= patch);
}

/** One line when this Node does not fit, else undefined. */
export function nodeFloorProblem(version = process.versions.node) {
  const range = declaredNode();
  if (fitsCaret(range, version)) return undefined;
  return `Node ${version} runs this; the project declares and is tested on Node ${range} (README: Setup says how to get it).`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const problem = nodeFloorProblem();
  if (problem) {
    process.stdout.write(`${problem}\n`);
    process.exitCode = 1;
  }
}
