import { Settings } from 'typebox/system';

/**
 * Configures TypeBox for this process before any schema is built (the contract's schemas are built
 * when the service's modules are evaluated): its kind markers (`~kind`, `~optional`) are set as
 * plain properties instead of through Object.defineProperty, which TypeBox does for every type it
 * builds. About 1.5 ms less of module evaluation before the readiness line (instrumented build,
 * median of 15). Validation and the wire are unchanged: the markers are never serialized (the
 * contract document is generated from the sources, with TypeBox's defaults) and TypeBox reads them
 * either way.
 */
export function configureSchemaLibrary(): void {
  Settings.Set({ enumerableKind: true });
}
