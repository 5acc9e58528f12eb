// The headless SDK's version (semver): its major is in the address, /sdk/v1/.
export const HEADLESS_VERSION = '1.0.0';
