import { useContext, type Context } from 'react';
import { ReactContextError } from './errors';

/** Reads a context a Provider must supply; a missing Provider is a developer error, not undefined state. */
export function useContextOrThrow<T>(context: Context<T | undefined>, providerName: string, hookName: string): T {
  const value = useContext(context);
  if (value === undefined) throw new ReactContextError(providerName, hookName);
  return value;
}
