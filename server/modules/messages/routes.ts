import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { API } from '../../../domain/api-paths';
import { MESSAGE_MAX_ATTACHMENTS, conversationListQuerySchema, conversationListSchema, conversationMessageSchema, conversationParamsSchema, messageCreateSchema, unreadCountsSchema } from '../../../domain/message';
import { currentUser } from '../../plugins/auth';
import { forbidden } from '../../lib/http-error';
import { listPageSchema, listQuerySchema } from '../../lib/list';
import { parseBody } from '../../plugins/errors';
import { readMessageBody } from './body';
import { conversationMessages, listConversations, markRead, messageList, myMessages, postMessage, unreadCounts } from './service';

/**
 * Messaging (issue 22 §2, decisions 380–384): every signed-in user has conversations; which ones
 * they may read or write in is the service's (server/modules/messages/access.ts).
 */
export default async function messagesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const limitBytes = app.config.FILE_MAX_BYTES;
  // One surplus file is let through to the reader, which refuses it with the message's own words.
  await app.register(multipart, { limits: { fileSize: limitBytes, files: MESSAGE_MAX_ATTACHMENTS + 1, fields: 10, parts: MESSAGE_MAX_ATTACHMENTS + 11 } });
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
  // JSON from the outbox; multipart/form-data when files go with the message (online only, decision 398).
  app.post(API.messaging.mine, { config: write, schema: { tags, consumes: ['application/json', 'multipart/form-data'], response: { 201: conversationMessageSchema } } }, async (req, reply) => {
    const { data, uploads } = await readMessageBody(req, limitBytes);
    return reply.code(201).send(await postMessage(app.db, currentUser(req), parseBody(messageCreateSchema, data), uploads));
  });
}
