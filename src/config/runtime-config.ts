/**
 * The runtime configuration (`GET /config.json`): read once at start, validated with the contract,
 * never baked into the build.
 */
import * as v from 'valibot';
import { RuntimeConfig } from '../contract/runtime-config';

let current: RuntimeConfig | null = null;

export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch('/config.json', {
    cache: 'no-store',
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`GET /config.json answered ${response.status}`);
  const config = v.parse(RuntimeConfig, await response.json());
  current = config;
  return config;
}

export function setRuntimeConfig(config: RuntimeConfig): void {
  current = config;
}

export function runtimeConfig(): RuntimeConfig {
  if (!current) throw new Error('The runtime configuration is not loaded yet');
  return current;
}

/** Absolute prefix of every API call, e.g. `https://portal.example.org/api`. */
export function apiPrefixUrl(config: RuntimeConfig = runtimeConfig()): string {
  return new URL(config.apiBase, window.location.origin).href.replace(/\/$/, '');
}
