// The endpoint table's rows for editors: preview links and revisions with restore. They are rows of
// ENDPOINTS (endpoints.ts spreads them in), kept here so each file stays one readable page.
import { PreviewLinkAnswer, RestoreAnswer, RevisionAnswer, RevisionList } from './answers.js'
import { Type } from 'typebox'
import { dryRunQuery, pagingQuery, type EndpointDefinition, type PathParam } from './endpoint-definition.js'

const revisionParam: Record<string, PathParam> = {
  n: { schema: Type.Integer({ minimum: 1 }), description: 'the revision number, from GET /api/content/{slug}/revisions' },
}

export const EDITORIAL_ENDPOINTS = {
  createPreview: {
    method: 'POST',
    path: '/api/content/{slug}/preview',
    auth: 'bearer',
    scope: 'write',
    ratePolicy: 'content',
    summary: 'A preview link: the article as its page will look, drafts included, for anyone holding the link until it expires',
    description: 'The page answers noindex and no-store, has a markdown twin, and dies with the article.',
    responses: { 200: { description: 'The unguessable link and when it expires', schema: PreviewLinkAnswer } },
    errors: ['not_found', 'rate_limited', 'unavailable'],
  },
  listRevisions: {
    method: 'GET',
    path: '/api/content/{slug}/revisions',
    auth: 'bearer',
    scope: 'read',
    summary: 'The revisions of a slug, newest first: each state an update, delete or restore replaced',
    query: pagingQuery,
    responses: { 200: { description: 'One page of revisions; Link rel="next" while next_cursor is not null', schema: RevisionList } },
    errors: ['not_found', 'validation_failed'],
  },
  getRevision: {
    method: 'GET',
    path: '/api/content/{slug}/revisions/{n}',
    auth: 'bearer',
    scope: 'read',
    summary: 'One revision: the article as it was',
    params: revisionParam,
    responses: { 200: { description: 'The revision with its article', schema: RevisionAnswer } },
    errors: ['not_found'],
  },
  restoreRevision: {
    method: 'POST',
    path: '/api/content/{slug}/revisions/{n}/restore',
    auth: 'bearer',
    scope: 'write',
    ratePolicy: 'content',
    summary: 'Make a revision the article again (also a deleted one), answered like an update with missing_images',
    description: 'The state it replaces becomes a revision too; 409 when another article took the slug after the revision was saved.',
    params: revisionParam,
    query: [dryRunQuery],
    responses: { 200: { description: 'Written, or the dry-run report', schema: RestoreAnswer } },
    errors: ['not_found', 'conflict', 'validation_failed', 'payload_too_large', 'rate_limited', 'unavailable'],
  },
} as const satisfies Record<string, EndpointDefinition>
