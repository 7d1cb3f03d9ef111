/**
 * Running a projection: the rows are read through `tables:page` (as the Data tab's pages are),
 * handed as Arrow bytes to a worker of the map's own, which reads them and answers with the PCA
 * picture and then UMAP's frames. Cancel ends the worker; the last picture stays on screen.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { TableRef } from '../api/query-keys';
import { useCall } from '../api/studio-context';
import { tableInput } from '../api/table-input';
import type { MapRows } from './map-rows';
import type { ProjectionReply, ProjectionRequest } from './projection-protocol';
import type { MapSettings } from './vector-map-data';

export type ProjectionStatus =
  'idle' | 'reading' | 'pca' | 'neighbours' | 'layout' | 'done' | 'cancelled' | 'error';

export interface ProjectionState {
  status: ProjectionStatus;
  rows?: MapRows;
  coords?: Float32Array;
  stage?: 'pca' | 'umap';
  epoch: number;
  epochs: number;
  error?: unknown;
  /** When the last frame reached the page (performance.now()), to time it to the screen. */
  frameAt?: number;
  /** Worker-side times. */
  decodeMs?: number;
  pcaMs?: number;
  umapMs?: number;
}

const IDLE: ProjectionState = { status: 'idle', epoch: 0, epochs: 0 };

export function useProjection(ref: TableRef) {
  const call = useCall();
  const [state, setState] = useState<ProjectionState>(IDLE);
  const worker = useRef<Worker | undefined>(undefined);
  const serial = useRef(0);

  const stop = useCallback(() => {
    worker.current?.terminate();
    worker.current = undefined;
  }, []);
  useEffect(() => stop, [stop]);

  const cancel = useCallback(() => {
    serial.current += 1;
    stop();
    setState((s) =>
      s.status === 'done' || s.status === 'idle' || s.status === 'error'
        ? s
        : { ...s, status: 'cancelled' },
    );
  }, [stop]);

  const run = useCallback(
    async (settings: MapSettings) => {
      const mine = ++serial.current;
      stop();
      setState({ ...IDLE, status: 'reading' });
      const columns = [
        ...new Set([settings.keyColumn, settings.vectorColumn, settings.colourColumn]),
      ].filter((c) => c !== '');
      let bytes: Uint8Array;
      try {
        bytes = await call('tables:page', {
          ...tableInput(ref),
          offset: 0,
          limit: settings.limit,
          columns,
          ...(settings.filter ? { filter: settings.filter } : {}),
        });
      } catch (error) {
        if (mine === serial.current) setState({ ...IDLE, status: 'error', error });
        return;
      }
      if (mine !== serial.current) return;
      const w = new Worker(new URL('./projection.worker.ts', import.meta.url), { type: 'module' });
      worker.current = w;
      w.onmessage = (event: MessageEvent<ProjectionReply>) => {
        if (mine !== serial.current) return;
        const reply = event.data;
        setState((s) => {
          switch (reply.type) {
            case 'rows':
              return { ...s, status: 'pca', rows: reply.rows, decodeMs: reply.decodeMs };
            case 'frame':
              return {
                ...s,
                coords: reply.coords,
                frameAt: performance.now(),
                stage: reply.stage,
                epoch: reply.epoch,
                epochs: reply.epochs,
              };
            case 'phase':
              return { ...s, status: reply.phase };
            case 'done':
              return {
                ...s,
                status: 'done',
                pcaMs: reply.pcaMs,
                ...(reply.umapMs !== undefined ? { umapMs: reply.umapMs } : {}),
              };
            case 'error':
              return { ...s, status: 'error', error: new Error(reply.message) };
          }
        });
        if (reply.type === 'done' || reply.type === 'error') stop();
      };
      w.onerror = (event) => {
        if (mine !== serial.current) return;
        setState((s) => ({
          ...s,
          status: 'error',
          error: new Error(event.message || 'The map worker failed'),
        }));
        stop();
      };
      const request: ProjectionRequest = {
        bytes,
        vectorColumn: settings.vectorColumn,
        keyColumn: settings.keyColumn,
        ...(settings.colourColumn ? { colourColumn: settings.colourColumn } : {}),
      };
      // The bytes move to the worker when they are a buffer of their own; else they are copied.
      const owns = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
      w.postMessage(request, owns ? [bytes.buffer as ArrayBuffer] : []);
    },
    [call, ref, stop],
  );

  return { state, run, cancel };
}
