import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API } from '../../../domain/api-paths';
import { conversationListQuerySchema, conversationListSchema, conversationMessageSchema, conversationParamsSchema, messageCreateSchema, unreadCountsSchema } from '../../../domain/message';
import { currentUser } from '../../plugins/auth';
import { forbidden } from '../../lib/http-error';
import { listPageSchema, listQuerySchema } from '../../lib/list';
import { conversationMessages, listConversations, markRead, messageList, myMessages, postMessage, unreadCounts } from './service';

/**
 * Messaging (issue 22 §2, decisions 380–384): every signed-in user has conversations; which ones
 * they may read or write in is the service's (server/modules/messages/access.ts).
 */
export default async function messagesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['messaging'];
  const config = { access: 'messages.read' } as const;
  const write = { access: 'messages.write' } as const;
  const page = { querystring: listQuerySchema(messageList), response: { 200: listPageSchema(conversationMessageSchema) } };

  app.get(API.messaging.conversations, { config, schema: { tags, querystring: conversationListQuerySchema, response: { 200: conversationListSchema } } }, (req) => {
    const user = currentUser(req);
    const all = req.query.all === 'true';
    if (all && !user.is_superuser) throw forbidden();
    return listConversations(app.db, user, all);
  });
  app.get(API.messaging.unread, { config, schema: { tags, response: { 200: unreadCountsSchema } } }, (req) => unreadCounts(app.db, currentUser(req)));
  app.get(API.messaging.messages.pattern, { config, schema: { tags, params: conversationParamsSchema, ...page } }, (req) =>
    conversationMessages(app.db, req, currentUser(req), req.params.conversation, req.query),
  );
  app.post(API.messaging.read.pattern, { config: write, schema: { tags, params: conversationParamsSchema, response: { 200: unreadCountsSchema } } }, (req) =>
    markRead(app.db, currentUser(req), req.params.conversation),
  );
  app.get(API.messaging.mine, { config, schema: { tags, ...page } }, (req) => myMessages(app.db, req, currentUser(req), req.query));
  app.post(API.messaging.mine, { config: write, schema: { tags, body: messageCreateSchema, response: { 201: conversationMessageSchema } } }, async (req, reply) =>
    reply.code(201).send(await postMessage(app.db, currentUser(req), req.body)),
  );
}
