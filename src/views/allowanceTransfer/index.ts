export { AllowanceTransferDialog, type AllowanceTransferRef } from './AllowanceTransferDialog.tsx';
