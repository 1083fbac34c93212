import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API } from '../../../domain/api-paths';
import { deviceOutboxRecordSchema } from '../../../domain/device-outbox';
import { currentUser } from '../../plugins/auth';
import { recordDeviceOutboxAction } from './service';

/** The record of what a supervisor did with other users' unsent changes on a shared device. */
export default async function deviceOutboxRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    API.deviceOutbox,
    { config: { access: 'device-outbox.manage' }, schema: { tags: ['device outbox'], body: deviceOutboxRecordSchema, response: { 201: z.object({ recorded: z.number().int() }) } } },
    async (req, reply) => reply.code(201).send(await recordDeviceOutboxAction(app.db, currentUser(req), req.body)),
  );
}
