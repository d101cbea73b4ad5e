/** Compiled in by vite-plugins/build-id. */
declare const __KEEL_BUILD_ID__: string;
/** Compiled in by vite-plugins/endpoint-methods. */
declare const __KEEL_ENDPOINT_METHODS__: Record<string, 'GET' | 'POST'>;
