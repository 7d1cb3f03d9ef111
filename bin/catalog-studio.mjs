#!/usr/bin/env node
// Runs the TypeScript CLI through tsx, so the command works from a clone without a build step.
import { register } from 'tsx/esm/api';

register();
await import('../src-main/cli.ts');
