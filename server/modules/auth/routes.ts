import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API } from '../../../domain/api-paths';
import { loginSchema, refreshSchema, tokenPairSchema, verifySchema } from '../../../domain/auth';
import { registrationSchema, registrationStatusSchema, setPasswordSchema, userSchema } from '../../../domain/user';
import { readConfig } from '../system/service';
import { currentUser } from '../../plugins/auth';
import { registerUser, setOwnPassword } from '../users/service';
import { refresh, revoke, signIn, verify } from './service';

/** djoser / simplejwt compatible sign-in (DESIGN.md "Contracts"). */
export default async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = () => ({ db: app.db, config: app.config, secret: app.jwtSecret });
  const tags = ['auth'];

  app.post(API.auth.create, { config: { access: 'public', openInMaintenance: true }, schema: { tags, body: loginSchema, response: { 200: tokenPairSchema } } }, (req) =>
    signIn(ctx(), req.body.username, req.body.password, { address: req.ip, device: req.headers['user-agent'] ?? '' }),
  );
  app.post(API.auth.refresh, { config: { access: 'public', openInMaintenance: true }, schema: { tags, body: refreshSchema, response: { 200: tokenPairSchema } } }, (req) =>
    refresh(ctx(), req.body.refresh),
  );
  app.post(API.auth.verify, { config: { access: 'public', openInMaintenance: true }, schema: { tags, body: verifySchema, response: { 200: z.object({}) } } }, async (req) => {
    await verify(ctx(), req.body.token);
    return {};
  });
  app.post(API.auth.blacklist, { config: { access: 'public', openInMaintenance: true }, schema: { tags, body: refreshSchema, response: { 200: z.object({}) } } }, async (req) => {
    await revoke(ctx(), req.body.refresh);
    return {};
  });
  app.get(API.auth.me, { config: { access: 'signed-in' }, schema: { tags, response: { 200: userSchema } } }, async (req) => currentUser(req));
  app.post(API.auth.register, { config: { access: 'public' }, schema: { tags, body: registrationSchema, response: { 201: userSchema } } }, async (req, reply) =>
    reply.code(201).send(await registerUser(app.db, { config: app.config, address: req.ip }, req.body)),
  );
  app.get(API.auth.registration, { config: { access: 'public' }, schema: { tags, response: { 200: registrationStatusSchema } } }, async () => ({
    open: (await readConfig(app.db)).allowNewRegistrations,
  }));
  app.post(API.auth.setPassword, { config: { access: 'signed-in' }, schema: { tags, body: setPasswordSchema } }, async (req, reply) => {
    await setOwnPassword(app.db, { config: app.config, address: req.ip }, currentUser(req), req.body.current_password, req.body.new_password);
    return reply.code(204).send();
  });
}
