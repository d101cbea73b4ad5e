// The device bench's fleet, shared by its server (servers/devices.ts, which inserts it) and its parent (device.ts,
// which polls it): ids and credentials are derived from the device's number, so neither has to tell the other.

/** Devices registered, each with its own credential. */
export const FLEET_DEVICES = 1_000_000;
/** Devices per property: the first 10 000 are the demo property's (演示物业), then 99 bench properties. */
export const PER_PROPERTY = 10_000;

export const deviceIdOf = (i: number) => `bench-dev-${String(i).padStart(7, '0')}`;
export const tokenOf = (i: number) => `bench-token-${String(i).padStart(7, '0')}-keel-device-credential`;
/** The number of bench property `p` (1…99). */
export const benchPno = (p: number) => `bench-p-${String(p).padStart(2, '0')}`;
/** Device i's property: the demo property's number for the first PER_PROPERTY, else a bench property. */
export const pnoOf = (i: number, demoPno: string) =>
  i < PER_PROPERTY ? demoPno : benchPno(Math.floor(i / PER_PROPERTY));

/**
 * The polling interval the server is given (`DEVICE_POLL_SLEEP`, here its default): a device may poll 20 times in
 * it (ddi-service.ts); each round of the bench polls its own 50 000 devices up to ten times each.
 */
export const POLL_SLEEP = '00:05:00';
