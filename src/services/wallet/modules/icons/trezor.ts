// The connect list's icon of the trezor module, loaded when the list draws it (modules/shells.ts, decision 0071). Trezor: a padlock.
export default '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#0f6148"/><path d="M11 14v-3a5 5 0 0 1 10 0v3h2v11H9V14zm3 0h4v-3a2 2 0 0 0-4 0z" fill="#fff"/></svg>';
