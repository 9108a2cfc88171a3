// Customer inquiries (spec 2.3 Support menu → Contact Us; spec 7 "Misc: POST inquiry"): a signed-in
// user writes to support. The inquiry is stored with the caller's organization and mailed to the
// support address (SUPPORT_EMAIL); if the mail cannot be sent, nothing is kept and the caller sees
// the spec 8 inquiry failure message.
import { fieldSchema, INQUIRY_FAILURE_MESSAGE } from '@portal/shared/server';
import type { FastifyInstance } from 'fastify';
import type { Caller } from '../authorization/guard';
import { DEFAULT_SUPPORT_EMAIL } from '../config';
import { ApiProblem } from '../http/problem';
import { fieldErrors } from '../http/input';
import { deleteInquiry, insertInquiry } from './repository';

/** A telephone number as people write it: digits, spaces and + - ( ) . */
export const PHONE_PATTERN = /^\+?[0-9 ()-]{3,32}$/;
export const PHONE_MESSAGE = 'Digits, spaces and + - ( ) only, 3 to 32 characters.';

export const INQUIRY_FIELDS = Object.freeze({
  subject: fieldSchema({ required: true, max: 255 }),
  message: fieldSchema({ required: true, max: 5000 }),
  phone: fieldSchema({ max: 32 }),
});

export interface InquiryInput {
  subject?: string;
  message?: string;
  phone?: string | null;
}

export interface Inquiry {
  id: string;
  created_at: string;
}

/** The input trimmed and checked: 400 with the spec 5 message of each field. */
function checked(input: InquiryInput): { subject: string; message: string; phone: string | null } {
  const subject = (input.subject ?? '').trim();
  const message = (input.message ?? '').trim();
  const phone = (input.phone ?? '').trim();
  const errors = fieldErrors(INQUIRY_FIELDS, { subject, message, phone });
  if (!errors.phone && phone !== '' && !PHONE_PATTERN.test(phone)) errors.phone = PHONE_MESSAGE;
  if (Object.keys(errors).length > 0) throw new ApiProblem(400, Object.values(errors)[0], {}, errors);
  return { subject, message, phone: phone === '' ? null : phone };
}

function mailText(caller: Caller, inquiry: { subject: string; message: string; phone: string | null }, id: string): string {
  const { user, organization } = caller;
  return [
    `Inquiry ${id}`,
    `From: ${user.name} (${user.login_id}${user.email ? `, ${user.email}` : ''})`,
    `Organization: ${organization ? organization.name : 'none'}`,
    ...(inquiry.phone ? [`Phone: ${inquiry.phone}`] : []),
    '',
    inquiry.message,
  ].join('\n');
}

export async function submitInquiry(app: FastifyInstance, caller: Caller, input: InquiryInput): Promise<Inquiry> {
  const inquiry = checked(input);
  const db = app.database;
  const stored = await insertInquiry(db, { organizationId: caller.organization?.id ?? null, userId: caller.user.id, ...inquiry });
  const row: Inquiry = { id: stored.id, created_at: new Date(stored.created_at).toISOString() };
  try {
    await app.mailer.sendMail({
      to: app.config.supportEmail ?? DEFAULT_SUPPORT_EMAIL,
      subject: `Inquiry: ${inquiry.subject}`,
      text: mailText(caller, inquiry, row.id),
    });
  } catch (error) {
    app.log.error({ err: error, inquiry: row.id }, 'the inquiry could not be mailed to support');
    await deleteInquiry(db, row.id);
    throw new ApiProblem(503, INQUIRY_FAILURE_MESSAGE);
  }
  return row;
}
