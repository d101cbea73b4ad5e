// The firmware bench's fleet, shared by its server (servers/firmware.ts, which inserts it) and its parent
// (firmware.ts, which assigns and polls it): ids and credentials are derived from the device's number.

/** Devices registered in the demo property, all in the space below. */
export const FW_DEVICES = 100_000;
/** The terminal space that holds them (the task's selection). */
export const FW_SPACE = '压测终端';
/** The task's first group: the devices that are offered the update and poll during the load. */
export const FW_FIRST_GROUP = 10_000;

export const fwDeviceIdOf = (i: number) => `fw-dev-${String(i).padStart(6, '0')}`;
export const fwTokenOf = (i: number) => `fw-token-${String(i).padStart(6, '0')}-keel-device-credential`;
