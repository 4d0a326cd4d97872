/** While an item is processing, what shows it is read again this often (progress, then READY). */
export const PROCESSING_POLL_MS = 2000;
