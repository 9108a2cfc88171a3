// GET attachments/{id}/download: the file itself, saved under its name; its address for the link.
import { buildUrl, downloadFile } from '@portal/shared';
import type { Attachment } from '../../../types/analysis';

const downloadPath = (attachment: Pick<Attachment, 'id'>) => `attachments/${encodeURIComponent(attachment.id)}/download`;

/** The link's address (a click downloads through the client; the address is what the browser shows and copies). */
export const attachmentUrl = (graph: string, attachment: Pick<Attachment, 'id'>) => buildUrl(downloadPath(attachment), { graph });

export const downloadAttachment = (graph: string, attachment: Pick<Attachment, 'id' | 'name'>) =>
  downloadFile(downloadPath(attachment), { graph, fallbackName: attachment.name });
