// The Power BI embedding script (powerbi-client), loaded on demand: only a page that shows a Power BI
// report downloads it. One embedding service for the whole page.
import type { service as PowerBiService } from 'powerbi-client';

export type PowerBiModule = typeof import('powerbi-client');

let loading: Promise<PowerBiModule> | null = null;
let shared: PowerBiService.Service | null = null;

export function loadPowerBi(): Promise<PowerBiModule> {
  loading ??= import('powerbi-client').then((mod) => {
    // A CommonJS bundle: depending on the bundler's interop its API is the namespace or its default export.
    const withDefault = mod as PowerBiModule & { default?: PowerBiModule };
    return withDefault.service ? withDefault : (withDefault.default ?? withDefault);
  });
  loading.catch(() => {
    loading = null; // a failed chunk download may succeed on the next visit
  });
  return loading;
}

export function powerBiService(pbi: PowerBiModule): PowerBiService.Service {
  shared ??= new pbi.service.Service(pbi.factories.hpmFactory, pbi.factories.wpmpFactory, pbi.factories.routerFactory);
  return shared;
}

/** Power BI embed URLs carry the report id (`reportId=`), which the embed configuration needs. */
export function reportIdOf(embedUrl: string): string {
  try {
    return new URL(embedUrl).searchParams.get('reportId') ?? '';
  } catch {
    return '';
  }
}
