import { Router } from 'express';
import type { RequestContext } from '../../platform/request-context';
import { route } from '../../platform/rest/route';
import { presentFile, type FileView } from '../files';
import type { ConversationView, MessageView } from './conversations.views';

/** A line as the REST facade shows it (the issue's §5 names); `files` only where they were read (a thread's lines). */
const presentMessage = (m: MessageView, files?: readonly FileView[]) => ({
  id: m.id,
  sender_id: m.senderId,
  sender_name: m.senderName,
  text: m.text,
  kind: m.kind,
  is_support: m.isSupport,
  booking_id: m.bookingId,
  offer_id: m.offerId,
  ...(files ? { files: files.map(presentFile) } : {}),
  event_type: m.eventType,
  booking_start_time: m.bookingStartTime,
  booking_end_time: m.bookingEndTime,
  proposal: m.proposal
    ? { start_time: m.proposal.startTime, end_time: m.proposal.endTime, status: m.proposal.status, responded_at: m.proposal.respondedAt }
    : null,
  created_at: m.createdAt,
});

const party = (p: ConversationView['creator']) => ({ user_id: p.userId, profile_id: p.profileId, name: p.displayName, avatar_url: p.avatarUrl, last_read_at: p.lastReadAt });

const presentConversation = (c: ConversationView) => ({
  id: c.id,
  viewer_role: c.viewerRole,
  creator: party(c.creator),
  client: party(c.client),
  other_party: party(c.otherParty),
  booking_ids: c.bookingIds,
  unread_count: c.unreadCount,
  last_read_at: c.lastReadAt,
  last_message: c.lastMessage ? presentMessage(c.lastMessage) : null,
  created_at: c.createdAt,
  last_activity_at: c.lastActivityAt,
});

/** Lines with their files (download links for the viewer; one read of files per conversation). */
const presentMessages = (ctx: RequestContext, messages: readonly MessageView[]) =>
  Promise.all(messages.map(async (m) => presentMessage(m, await ctx.services.conversations.filesOf(ctx, m))));

/** `?limit=&after=` reads forward from a cursor (oldest first); `?before=` reads back; default the newest 30. */
const pageArgs = (q: Record<string, unknown>) =>
  q.after ? { first: q.limit ?? 30, after: q.after } : { last: q.limit ?? 30, before: q.before };

/** Conversations over REST: the same service as GraphQL; lists answer `data: [...]`, messages oldest first. */
export function conversationsRoutes(): Router {
  const router = Router();
  router.get(
    '/conversations',
    route(async (ctx, req) => {
      const page = await ctx.services.conversations.list(ctx, { first: req.query.limit ?? 20, after: req.query.after });
      return page.edges.map((e) => presentConversation(e.node));
    }),
  );
  router.post('/conversations', route(async (ctx, req) => presentConversation(await ctx.services.conversations.start(ctx, { creatorId: req.body?.creatorId, text: req.body?.text })), 201));
  router.get(
    '/conversations/:id',
    route(async (ctx, req) => presentConversation(await ctx.services.conversations.get(ctx, req.params.id))),
  );
  router.get(
    '/conversations/:id/messages',
    route(async (ctx, req) => presentMessages(ctx, (await ctx.services.conversations.messages(ctx, req.params.id, pageArgs(req.query))).edges.map((e) => e.node))),
  );
  router.post(
    '/conversations/:id/messages',
    route(async (ctx, req) => {
      const message = await ctx.services.conversations.send(ctx, { conversationId: req.params.id, text: req.body?.text, fileIds: req.body?.file_ids ?? req.body?.fileIds });
      return (await presentMessages(ctx, [message]))[0];
    }, 201),
  );
  router.post('/conversations/:id/read', route(async (ctx, req) => presentConversation(await ctx.services.conversations.markRead(ctx, req.params.id))));
  router.get(
    '/bookings/:id/messages',
    route(async (ctx, req) => presentMessages(ctx, (await ctx.services.conversations.bookingMessages(ctx, req.params.id, pageArgs(req.query))).edges.map((e) => e.node))),
  );
  return router;
}
