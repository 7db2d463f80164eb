// Answers made for a key (drafts, revisions, preview pages): no cache between the client and Folio
// may keep them, and Folio keeps none of them for anyone else.
export const PRIVATE_NO_STORE = 'private, no-store'
