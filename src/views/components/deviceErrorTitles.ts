/**
 * The titles of a device's errors (issue 19) in the flows that show one alert per failure (deleting a proposal,
 * proposer management); the failure's own text, which names the device, follows the title and says what to do.
 */
export const DEVICE_ERROR_TITLES: Readonly<Record<string, string>> = {
  deviceLocked: 'Device locked.',
  wrongApp: 'Wrong app open on the device.',
  blindSigningDisabled: 'Blind signing is off on the device.',
  deviceDisconnected: 'Device not connected.',
  noTypedData: 'This wallet cannot sign typed data.',
};
