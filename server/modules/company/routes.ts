import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API } from '../../../domain/api-paths';
import { companyProfileSchema, companyProfileUpdateSchema } from '../../../domain/company';
import { currentUser } from '../../plugins/auth';
import { readCompanyProfile, writeCompanyProfile } from './service';

/** The company's letterhead: every signed-in user reads it (documents print it, offline too); superusers set it. */
export default async function companyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['system'];
  app.get(API.system.company, { config: { access: 'modules.read' }, schema: { tags, response: { 200: companyProfileSchema } } }, () => readCompanyProfile(app.db));
  app.put(API.system.adminCompany, { config: { access: 'system.config' }, schema: { tags: ['admin'], body: companyProfileUpdateSchema, response: { 200: companyProfileSchema } } }, (req) =>
    writeCompanyProfile(app.db, currentUser(req), req.body),
  );
}
