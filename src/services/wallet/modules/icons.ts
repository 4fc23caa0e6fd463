/**
 * The connect list's icons of the signer-device modules (loaded with the list, not with the first page). Plain
 * marks drawn here, so that no module's package is loaded just to show its icon.
 */
const mark = (background: string, content: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="${background}"/>${content}</svg>`;

export const DEVICE_ICONS = {
  // Ledger: the corner frame of its mark.
  ledger: mark('#000', '<path d="M7 7h7v3h-4v4H7zM18 7h7v7h-3v-4h-4zM7 18h3v4h4v3H7zM13 13h6v6h6v6h-7v-7h-5z" fill="#fff"/>'),
  // Trezor: a padlock.
  trezor: mark('#0f6148', '<path d="M11 14v-3a5 5 0 0 1 10 0v3h2v11H9V14zm3 0h4v-3a2 2 0 0 0-4 0z" fill="#fff"/>'),
  // WalletConnect: its bridge arc.
  walletConnect: mark('#3b99fc', '<path d="M8 13c4.4-4 11.6-4 16 0l-1.7 1.7c-3.4-3-9.2-3-12.6 0zM11 17l2 2 3-3 3 3 2-2 2 2-5 5-2-2-2 2-5-5z" fill="#fff"/>'),
  // Keystone: a QR code's corner squares.
  keystone: mark('#1f5aff', '<path d="M7 7h8v8H7zm3 3v2h2v-2zM17 7h8v8h-8zm3 3v2h2v-2zM7 17h8v8H7zm3 3v2h2v-2zM18 18h3v3h-3zM22 22h3v3h-3z" fill="#fff" fill-rule="evenodd"/>'),
} as const;
