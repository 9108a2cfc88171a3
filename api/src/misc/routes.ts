// Miscellaneous API of spec 7: the app-version file the browser polls, the Contact Us inquiry and
// the Beginners Guide PDF of the Support menu (spec 2.3).
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../authorization/guard';
import { problems } from '../http/answer';
import { beginnersGuidePdf } from './beginners-guide';
import { submitInquiry, type InquiryInput } from './inquiries';

export interface MiscRoutesOptions {
  /** The product version (the root package.json); the UI polls it to announce a new version. */
  version: string;
}

const tags = ['misc'];

// Lengths bounded here; required fields, formats and their messages are the service's (spec 5).
const inquiryBody = {
  type: 'object',
  properties: {
    subject: { type: 'string', maxLength: 1024 },
    message: { type: 'string', maxLength: 20000 },
    phone: { type: ['string', 'null'], maxLength: 256 },
  },
} as const;

export async function miscRoutes(app: FastifyInstance, options: MiscRoutesOptions): Promise<void> {
  app.get(
    '/misc/version',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: 'The running product version (spec 7: the app-version file)',
        response: {
          200: { type: 'object', required: ['version'], properties: { version: { type: 'string' } } },
        },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return { version: options.version };
    },
  );

  app.post(
    '/misc/inquiry',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'Send a customer inquiry to support (Contact Us): stored, then mailed to the support address',
        body: inquiryBody,
        response: {
          201: {
            type: 'object',
            required: ['id', 'created_at'],
            properties: { id: { type: 'string' }, created_at: { type: 'string' } },
          },
          ...problems(400, 401, 503),
        },
      },
    },
    async (request, reply) => {
      const inquiry = await submitInquiry(app, callerOf(request), (request.body ?? {}) as InquiryInput);
      return reply.code(201).send(inquiry);
    },
  );

  app.get(
    '/misc/beginners-guide.pdf',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: "The Beginners Guide (Support menu), rendered as PDF from the project's docs/beginners-guide.md",
        produces: ['application/pdf'],
        response: { ...problems(401) },
      },
    },
    async (_request, reply) => {
      const pdf = await beginnersGuidePdf(options.version);
      return reply
        .type('application/pdf')
        .header('content-disposition', 'inline; filename="beginners-guide.pdf"')
        .header('cache-control', 'private, max-age=300')
        .send(pdf);
    },
  );
}
