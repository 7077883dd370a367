// The frame functions under their former path, for the two e-mails still written in
// modules/invoices/worker.ts (the CFDI and the credit note). They move into catalogue/ with the
// CFDI document model; then this file goes.
export { brandedEmail, escapeHtml } from './layout';
