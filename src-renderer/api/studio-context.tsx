/**
 * The StudioApi for components, and a typed `call` that throws StudioError so that
 * react-query's error state holds the host's error (code, name, message).
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type {
  ProcedureInput,
  ProcedureName,
  ProcedureOutput,
} from '../../src-shared/studio-procedures';
import type { StudioApi } from '../../src-shared/studio-api';
import { unwrap } from './studio-error';

export type Call = <N extends ProcedureName>(
  name: N,
  input: ProcedureInput<N>,
) => Promise<ProcedureOutput<N>>;

interface StudioContextValue {
  api: StudioApi;
  call: Call;
}

const StudioContext = createContext<StudioContextValue | null>(null);

export function StudioProvider({ api, children }: { api: StudioApi; children: ReactNode }) {
  const value = useMemo<StudioContextValue>(
    () => ({ api, call: async (name, input) => unwrap(await api.call(name, input)) }),
    [api],
  );
  return <StudioContext.Provider value={value}>{children}</StudioContext.Provider>;
}

function useStudioContext(): StudioContextValue {
  const value = useContext(StudioContext);
  if (!value) throw new Error('StudioProvider is missing');
  return value;
}

export const useStudioApi = (): StudioApi => useStudioContext().api;
export const useCall = (): Call => useStudioContext().call;
