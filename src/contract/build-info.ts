/** The sidecar's own build identity (kept equal to package.json's version by a test). */
export const SIDECAR_VERSION = '1.0.0';
export const SIDECAR_BUILD = `${SIDECAR_VERSION}+local`;
