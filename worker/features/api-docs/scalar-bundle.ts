/**
 * Scalar's standalone bundle, pinned: the exact version in package.json (`@scalar/api-reference`), copied
 * into the static assets by the build (scripts/build/scalar-bundle.ts, which refuses to build when the
 * installed package is another version). The reference page loads it from this site, never from a CDN:
 * a changed bundle cannot run on the API's origin, and the reference works offline.
 */
export const SCALAR_VERSION = "1.72.1";

/** Where the build puts it, relative to the static assets' root (the version in the name: cached for good). */
export const SCALAR_BUNDLE = `/vendor/scalar-api-reference-${SCALAR_VERSION}.js`;
