// The connect list's icon of the ledger module, loaded when the list draws it (modules/shells.ts, decision 0071). Ledger: the corner frame of its mark.
export default '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#000"/><path d="M7 7h7v3h-4v4H7zM18 7h7v7h-3v-4h-4zM7 18h3v4h4v3H7zM13 13h6v6h6v6h-7v-7h-5z" fill="#fff"/></svg>';
