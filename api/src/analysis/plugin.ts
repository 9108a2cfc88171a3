// Every route of the requirement analyses (issue 6 items 7-12), registered by app.ts in one line:
// gaps and risks, conflicts, attachments (the only multipart routes), the priority plane,
// duplicates, traceability and the applications that implement a requirement.
import type { FastifyInstance } from 'fastify';
import { assessmentsRoutes } from '../assessments/routes';
import { attachmentsRoutes, type AttachmentOptions } from '../attachments/routes';
import { conflictsRoutes } from '../conflicts/routes';
import { requirementApplicationsRoutes } from './applications';
import { analysisRoutes } from './routes';

export async function requirementAnalysisRoutes(app: FastifyInstance, options: AttachmentOptions = {}): Promise<void> {
  await app.register(assessmentsRoutes);
  await app.register(conflictsRoutes);
  await app.register(attachmentsRoutes, options);
  await app.register(analysisRoutes);
  await app.register(requirementApplicationsRoutes);
}
